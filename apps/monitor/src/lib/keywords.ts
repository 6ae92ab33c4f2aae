// Keyword filters of checks (success_kw, failure_kw, start_kw): a comma-separated list,
// each entry trimmed, empty entries skipped, matched as a case-sensitive substring.

export function matchKeywords(haystack: string, keywords: string): boolean {
  for (const raw of keywords.split(",")) {
    const keyword = raw.trim();
    if (keyword !== "" && haystack.includes(keyword)) return true;
  }
  return false;
}

/** What a text says about a run, by the check's keywords, in the upstream's precedence. */
export function classifyText(text: string, check: { success_kw: string; failure_kw: string; start_kw: string; filter_default_fail: number }): "success" | "fail" | "start" | "ign" {
  if (check.failure_kw && matchKeywords(text, check.failure_kw)) return "fail";
  if (check.success_kw && matchKeywords(text, check.success_kw)) return "success";
  if (check.start_kw && matchKeywords(text, check.start_kw)) return "start";
  return check.filter_default_fail ? "fail" : "ign";
}
