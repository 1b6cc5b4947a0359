/** An Italian VAT number (partita IVA) has exactly this many digits (spec §5, §9). */
export const PIVA_LENGTH = 11;
