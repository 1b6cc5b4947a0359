import type { ITheme } from 'survey-core';

/** SurveyJS in the portal's look (styles/theme.css.ts): Titillium Web, the #0066CC blue, square-ish corners. */
export const portalSurveyTheme: ITheme = {
  themeName: 'portale',
  colorPalette: 'light',
  isPanelless: true,
  cssVariables: {
    '--sjs-font-family': "'Titillium Web', 'Segoe UI', Arial, sans-serif",
    '--sjs-primary-backcolor': '#0066CC',
    '--sjs-primary-backcolor-dark': '#004D99',
    '--sjs-primary-backcolor-light': 'rgba(0, 102, 204, 0.1)',
    '--sjs-primary-forecolor': '#FFFFFF',
    '--sjs-general-backcolor-dim': '#FFFFFF',
    '--sjs-general-forecolor': '#17324D',
    '--sjs-general-forecolor-light': '#5C6F82',
    '--sjs-border-default': '#5C6F82',
    '--sjs-special-red': '#B3261E',
    '--sjs-corner-radius': '4px',
    '--sjs-base-unit': '8px',
    '--sjs-font-size': '16px',
  },
};
