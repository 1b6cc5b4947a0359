import { globalStyle } from '@vanilla-extract/css';

/** SurveyJS's own markup, fitted to the portal: visible focus rings and targets of at least 44 px. */
const root = '.sd-root-modern';

globalStyle(`${root} :is(input, textarea, select, button, [role="radio"], [role="checkbox"], [tabindex]):focus-visible`, {
  outline: '3px solid #0066CC',
  outlineOffset: '2px',
});
globalStyle(`${root} :is(.sd-input, .sd-dropdown, .sd-btn, .sd-action, .sd-item__control-label, .sd-boolean)`, {
  minHeight: '44px',
});
globalStyle(`${root} .sd-item__control-label`, { display: 'inline-flex', alignItems: 'center' });
globalStyle(`${root} .sd-item__decorator`, { minWidth: '24px', minHeight: '24px' });
globalStyle(`${root}`, { background: 'transparent' });
globalStyle(`${root} .sd-body.sd-body--static`, { padding: '0', maxWidth: 'none' });
