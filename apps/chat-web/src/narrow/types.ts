// The shapes of a view's narrow and of a search term, apart from the code that reads and
// writes them (narrow.ts, terms.ts, hash.ts), which imports them from here.

/** One operator of a search, as Zulip's narrow terms. */
export interface Term {
  operator: string;
  operand: string;
  negated?: boolean;
}

export interface Narrow {
  channelId?: number;
  topic?: string;
  /** the other participants' ids, sorted; [] is the conversation with oneself */
  dm?: number[];
  is?: "mentioned" | "starred";
  near?: number;
  /** a search (narrow/terms.ts): set alone, without the fields above but `near` */
  terms?: Term[];
}
