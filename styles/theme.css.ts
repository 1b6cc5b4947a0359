import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';

/**
 * Design tokens after Designers Italia (the Italian public-administration UI kit):
 * Titillium Web, the #0066CC blue family, dark text. Every text/background pair used by the
 * components has a contrast ratio of at least 4.5:1 (WCAG 2.1 AA); the ratios are noted.
 */
export const vars = createThemeContract({
  color: {
    primary: null,
    primaryHover: null,
    primaryPressed: null,
    primarySoft: null,
    onPrimary: null,
    text: null,
    textMuted: null,
    background: null,
    surface: null,
    border: null,
    danger: null,
    dangerPressed: null,
    dangerSoft: null,
    success: null,
    successSoft: null,
    warning: null,
    warningSoft: null,
    focus: null,
    focusGap: null,
  },
  font: { body: null },
  fontWeight: { regular: null, semibold: null, bold: null },
  fontSize: { sm: null, md: null, lg: null, xl: null, xxl: null },
  lineHeight: { body: null, heading: null },
  space: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  radius: { sm: null, md: null, round: null },
  shadow: { popover: null },
  layout: { contentWidth: null },
});

createGlobalTheme(':root', vars, {
  color: {
    primary: '#0066CC', // white on it 5.57:1; on white 5.57:1
    primaryHover: '#004D99', // white on it 8.33:1
    primaryPressed: '#003366', // white on it 12.61:1
    primarySoft: '#EBF3FC', // #1A1A1A on it 15.55:1, #004D99 on it 7.44:1
    onPrimary: '#FFFFFF',
    text: '#1A1A1A', // on white 17.4:1
    textMuted: '#5C6F82', // on white 5.18:1, on surface 4.83:1
    background: '#FFFFFF',
    surface: '#F5F7FA',
    border: '#768594', // 3.78:1 against white: enough for component edges (non-text)
    danger: '#A61F36', // white on it 7.32:1
    dangerPressed: '#7F1727',
    dangerSoft: '#FBEAEC', // danger on it 6.3:1
    success: '#00664A',
    successSoft: '#E5F5EF', // success on it 6.21:1
    // What needs attention without being an error: an amber rule or border (non-text) on a pale amber, text stays #1A1A1A (16:1).
    warning: '#A15C00', // on white 5.19:1
    warningSoft: '#FFF4E0',
    focus: '#1A1A1A', // the ring is dark with a white gap, so it shows on blue and on white
    focusGap: '#FFFFFF',
  },
  font: { body: "'Titillium Web', Geneva, Tahoma, sans-serif" },
  fontWeight: { regular: '400', semibold: '600', bold: '700' },
  fontSize: { sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.75rem', xxl: '2.5rem' },
  lineHeight: { body: '1.5', heading: '1.2' },
  space: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2rem', xxl: '3rem' },
  radius: { sm: '4px', md: '8px', round: '999px' },
  shadow: { popover: '0 4px 16px rgba(26, 26, 26, 0.2)' },
  layout: { contentWidth: '72rem' },
});

/** Spec §9: the layout switches at about 51.27 em. */
export const breakpoints = {
  wide: 'screen and (min-width: 51.27em)',
} as const;

/** The focus ring every interactive element shares: a white gap inside a dark ring. */
export const focusRing = {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
  boxShadow: `0 0 0 2px ${vars.color.focusGap}`,
} as const;
