import { PanelModel, Serializer } from 'survey-core';

/** The type of a survey page laid out as a part of the one page the portal shows. */
const PAGE_PART = 'portal-page-part';

/**
 * A page of a survey shown within the one page: a panel that SurveyJS draws as it draws a page placed in another
 * page (`showPanelAsPage`: no frame of its own, its questions framed as on a page), with the page's numbering.
 */
class PagePart extends PanelModel {
  override getType(): string {
    return PAGE_PART;
  }
  override getTemplate(): string {
    return 'panel';
  }
  override get showPanelAsPage(): boolean {
    return true;
  }
}
Serializer.addClass(PAGE_PART, [], () => new PagePart(''), 'panel');

/**
 * A survey definition laid out on one page, as SurveyJS's `questionsOnPageMode: 'singlePage'` draws it — each page a
 * part of the one page, with its name, title, description, condition and questions — without the mode's cost:
 * switching a built model to it walks every question again and builds every matrix's table (about 40 % of a review
 * survey's first render). Answers are the same: pages and panels do not appear in them.
 */
export function onOnePage(definition: Record<string, unknown>): Record<string, unknown> {
  const pages = Array.isArray(definition.pages) ? (definition.pages as Record<string, unknown>[]) : [];
  return {
    ...definition,
    pages: [{ name: 'survey', elements: pages.map((page) => ({ ...page, type: PAGE_PART })) }],
  };
}
