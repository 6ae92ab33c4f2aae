// zxcvbn behind a module of our own, so that the chunk the sign-up page loads is named for it.
import zxcvbn from "zxcvbn";

export default zxcvbn;
