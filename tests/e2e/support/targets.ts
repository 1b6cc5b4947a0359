import type { Page } from 'playwright-core';

/**
 * Buttons (and links drawn as buttons) closer than 4 px to another one beside or above them: two targets that touch
 * read as one and are easy to press by mistake, on a phone above all. The parts of one composite control (a
 * combo box's arrow, a date picker's segments and calendar, tabs, a survey's own controls) are one target; a button
 * covered by a dialog or a notification, or made inert behind a modal one, is no target while it is.
 */
export function buttonsTouching(page: Page) {
  return page.evaluate(() => {
    const MIN_GAP = 4;
    const composite = '[role="group"], [role="grid"], [role="tablist"], [role="toolbar"], [role="radiogroup"], .sd-root-modern';
    /** A link with a fill or a border is drawn as a button. */
    const drawnAsButton = (element: Element) => {
      const style = getComputedStyle(element);
      return style.backgroundColor !== 'rgba(0, 0, 0, 0)' || (style.borderStyle !== 'none' && parseFloat(style.borderWidth) > 0);
    };
    const candidates = [...document.querySelectorAll('button, [role="button"], a[href]')];
    const targets = candidates.filter((element) => {
      // Hidden from assistive technology, or made inert by a modal dialog (react-aria uses either): nobody can press it.
      if (!element.checkVisibility() || element.closest('[aria-hidden="true"], [inert]') || element.closest(composite)) return false;
      if (element.tagName === 'A' && !drawnAsButton(element)) return false;
      // Under a dialog, a popover or a notification: not a target anyone can press now, whatever is drawn over it.
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (top && !element.contains(top)) return false;
      return box.width > 1 && box.height > 1;
    });
    const name = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
    const touching: string[] = [];
    for (let i = 0; i < targets.length; i += 1) {
      for (let j = i + 1; j < targets.length; j += 1) {
        const a = targets[i]!.getBoundingClientRect();
        const b = targets[j]!.getBoundingClientRect();
        const horizontalGap = Math.max(b.left - a.right, a.left - b.right);
        const verticalGap = Math.max(b.top - a.bottom, a.top - b.bottom);
        // Side by side (their heights overlap) or one above the other (their widths overlap), too close.
        if (Math.max(horizontalGap, verticalGap) < MIN_GAP) touching.push(`"${name(targets[i]!)}" and "${name(targets[j]!)}"`);
      }
    }
    return touching;
  });
}
