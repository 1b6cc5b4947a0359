/**
 * The status-change dialog's texts about the reviewers' handed-over evaluation (issue 44), apart from the form's own
 * (evaluation.ts) so that the dialog's chunk carries only these (the catalogue: domain/messageCatalogue.ts).
 */
export const evaluationProposalMessages = {
  proposal: (outcome: string) => `La valutazione istruttoria propone: ${outcome}.`,
  noteUsed: 'La nota è quella della valutazione: si può modificare prima di confermare.',
  useProposal: (outcome: string) => `Usa l\u2019esito proposto (${outcome}) e la sua nota`,
} as const;
