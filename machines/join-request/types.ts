export interface JoinRequestContext {
  /** When the request was made (ISO instant): its term of 30 days runs from here. Null before it is made. */
  createdAt: string | null;
}

export interface JoinRequestInput {
  createdAt?: string | null;
}

/** Every event carries the instant it happens at (ISO): whether the request is still within its term depends on it. */
export type JoinRequestEvent =
  /** A person who typed a registered P.IVA asks to join, with a reason. */
  | { type: 'join.request'; at: string }
  /** A referent of the organisation, or a platform administrator, accepts: the person becomes a Compilatore. */
  | { type: 'join.accept'; at: string }
  /** A referent or a platform administrator refuses, with an optional note. */
  | { type: 'join.refuse'; at: string }
  /** The periodic job finds it 30 days old and still undecided. */
  | { type: 'join.expire'; at: string };
