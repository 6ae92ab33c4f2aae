// How strong a new password is, judged as the server will judge it: long enough, not too long,
// and at least `password_min_guesses` guesses by zxcvbn's estimate (the library the server
// checks with, as Zulip's server and web app both do). zxcvbn is large (its word lists), so it
// loads when the sign-up form first needs it, never with the app.

export interface PasswordRules {
  password_min_length: number;
  password_max_length: number;
  password_min_guesses: number;
}

export interface Strength {
  /** what the server will say: true when it accepts the password */
  accepted: boolean;
  /** 0 to 1, for the meter: the accepted threshold sits at 0.5 */
  score: number;
  /** a short word for the meter */
  label: string;
  /** why it is refused, when it is */
  problem: string | null;
}

/**
 * The strength of `password` given zxcvbn's guess count (`guesses`, null while the library is
 * still loading). The meter is logarithmic in guesses: the server's minimum is its middle, a
 * hundred times more ("hard to guess" by a wide margin) fills it.
 */
export function rate(password: string, rules: PasswordRules, guesses: number | null): Strength {
  if (password.length < rules.password_min_length) return { accepted: false, score: 0, label: "Too short", problem: `Use at least ${rules.password_min_length} characters.` };
  if (password.length > rules.password_max_length) return { accepted: false, score: 0, label: "Too long", problem: `Use at most ${rules.password_max_length} characters.` };
  if (rules.password_min_guesses <= 0) return { accepted: true, score: 1, label: "Accepted", problem: null };
  if (guesses === null) return { accepted: false, score: 0, label: "Checking…", problem: null };
  // Orders of magnitude above (or below) the minimum: -2 empties the meter, +2 fills it.
  const relative = Math.log10(Math.max(guesses, 1)) - Math.log10(rules.password_min_guesses);
  const meter = Math.max(0, Math.min(1, 0.5 + relative / 4));
  if (guesses < rules.password_min_guesses) return { accepted: false, score: Math.min(meter, 0.45), label: "Too weak", problem: "Too easy to guess: add words or characters that are less common, or make it longer." };
  return { accepted: true, score: meter, label: relative >= 2 ? "Strong" : "Good enough", problem: null };
}

type Estimate = (password: string) => { guesses: number };
let loading: Promise<Estimate> | null = null;

/** zxcvbn, loaded on first call (a chunk of its own). */
export function loadEstimator(): Promise<Estimate> {
  return (loading ??= import("./zxcvbn").then((module) => module.default as Estimate));
}
