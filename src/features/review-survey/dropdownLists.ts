import type { Model, PopupVisibleChangedEvent } from 'survey-core';

/** How long after opening a list a scroll nobody made may not close it. */
const SETTLING_MS = 500;

/**
 * SurveyJS closes an open dropdown list on any scroll of the page or of a box around the dropdown, whoever made it.
 * Right after a click the page often still moves by itself: the end of a smooth or touchpad scroll (its inertia),
 * the browser bringing the focused box into view, scroll anchoring making up for a line that appeared above. The
 * list opened and closed in the same instant, and the person had to click a second time (4 dropdowns out of 9 on
 * the review survey). A list that closes within half a second of opening, while the person has neither pressed a
 * key nor a pointer since, is opened again: the person's own click on an option, Escape, Tab or a click elsewhere
 * still close it at once. Answers the function that stops watching.
 */
export function keepDropdownListsOpen(survey: Model): () => void {
  let openedAt = -Infinity;
  let personActed = false;
  let reopening = false;
  const acted = () => {
    personActed = true;
  };
  const onPopup = (_sender: Model, { popup, visible }: PopupVisibleChangedEvent) => {
    if (visible) {
      if (!reopening) {
        openedAt = performance.now();
        personActed = false;
      }
      reopening = false;
      return;
    }
    if (personActed || performance.now() - openedAt > SETTLING_MS) return;
    reopening = true;
    setTimeout(() => {
      if (personActed) reopening = false;
      else popup.show();
    });
  };
  survey.onPopupVisibleChanged.add(onPopup);
  document.addEventListener('pointerdown', acted, true);
  document.addEventListener('keydown', acted, true);
  return () => {
    survey.onPopupVisibleChanged.remove(onPopup);
    document.removeEventListener('pointerdown', acted, true);
    document.removeEventListener('keydown', acted, true);
  };
}
