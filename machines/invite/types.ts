/** An address the person typed that is not one (spec §5: it must contain an at-sign and be valid). */
export interface InvalidAddress {
  /** Its position among the inputs, from 0. */
  index: number;
  address: string;
  message: string;
}

export interface InviteContext {
  /** One input per address; there is always at least one. */
  emails: string[];
  message: string;
  /** Messages by input position, from the last Invia. */
  errors: Readonly<Record<number, string>>;
  /** Who the last Invia reached. */
  sent: string[];
  /** What the last Invia left out because it is not an address. */
  skipped: string[];
}

export type InviteEvent =
  | { type: 'email.change'; index: number; value: string }
  | { type: 'email.add' }
  | { type: 'email.remove'; index: number }
  | { type: 'message.change'; value: string }
  | { type: 'invite.send' };

export interface SendInvitesInput {
  emails: string[];
  message: string;
}

export interface SendInvitesOutput {
  sent: string[];
  invalid: InvalidAddress[];
}
