// Zulip's /poll and /todo widgets for the web app: see README.md.
export { MessageWidget, type WidgetProps } from "./widgets";
export { widgetOf, widgetEvents, type Submessage, type Widget } from "./data";
