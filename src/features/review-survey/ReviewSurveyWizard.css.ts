import { style } from '@vanilla-extract/css';

export const steps = style({ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', listStyle: 'none', padding: 0, margin: '1rem 0' });
export const stepButton = style({
  minHeight: '44px',
  minWidth: '44px',
  padding: '0.5rem 1rem',
  border: '2px solid #0066CC',
  borderRadius: '4px',
  background: '#FFFFFF',
  color: '#0066CC',
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[aria-current="step"]': { background: '#0066CC', color: '#FFFFFF' },
    '&:focus-visible': { outline: '3px solid #0066CC', outlineOffset: '2px' },
  },
});
export const stepState = style({ display: 'block', fontSize: '0.8rem' });
/** One line, held whether or not it says anything (see the view: nothing above the survey may move). */
export const saveStatus = style({ minHeight: '1.5em' });
export const navigation = style({ display: 'flex', flexWrap: 'wrap', gap: '1rem', justifyContent: 'space-between', marginTop: '1.5rem' });
export const dialogActions = style({ display: 'flex', gap: '1rem', justifyContent: 'flex-end', marginTop: '1rem' });
