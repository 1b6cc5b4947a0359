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
// The radio or checkbox sits level with its text (the text's 44 px box is centred, so is the mark).
globalStyle(`${root} .sd-selectbase__label`, { alignItems: 'center' });
globalStyle(`${root} .sd-item__decorator`, { minWidth: '24px', minHeight: '24px', marginBottom: 0 });
// The chevron inside a dropdown is part of the dropdown's target, not a target of its own: without this the
// dropdown grows to 68 px beside 48 px text boxes.
globalStyle(`${root} .sd-formbox .sd-action`, { minHeight: 0 });
globalStyle(`${root}`, { background: 'transparent' });
globalStyle(`${root} .sd-body.sd-body--static`, { padding: '0', maxWidth: 'none' });

/*
 * Matrices on a phone (WCAG 1.4.10 Reflow). Below SurveyJS's mobile width (--sd-mobile-width, 600 px of the
 * survey's own box) SurveyJS renders each matrix row as a stacked card (`sd-question--mobile`), yet keeps the
 * desktop table's bleed: negative side margins and two sticky edge shades, which make the card list 8 px wider
 * than its box and the box scroll sideways. The cards sit inside the question's box instead.
 */
const mobileMatrix = `${root} .sd-question--mobile`;
globalStyle(`${mobileMatrix} .sd-table-wrapper`, { marginLeft: 0, marginRight: 0, minWidth: 0, width: '100%' });
globalStyle(`${mobileMatrix} .sd-table-wrapper::before, ${mobileMatrix} .sd-table-wrapper::after`, { display: 'none' });
globalStyle(`${mobileMatrix} .sd-table`, { width: '100%', minWidth: 0 });
