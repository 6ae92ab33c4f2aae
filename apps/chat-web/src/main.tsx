// Entry point: mounts the app. The real screens arrive with issue 14's work.
import { render } from "preact";

function App() {
  return <main>Beacon chat</main>;
}

render(<App />, document.getElementById("app")!);
