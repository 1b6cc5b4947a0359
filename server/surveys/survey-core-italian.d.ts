/** survey-core's Italian texts: a module imported for what it registers (survey-core ships no types for it). */
declare module 'survey-core/i18n/italian';
