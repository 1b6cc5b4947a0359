import { style } from '@vanilla-extract/css';

/** Read by screen readers, not shown: for texts that only repeat what an icon or a spinner says. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
