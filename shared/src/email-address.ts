const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The shape a lead's e-mail must have; also TEAM_EMAIL's, MAIL_FROM's (follow-up.ts) and CONTACT_EMAIL's. Its own file: the widget's first render checks contact-email with it. */
export const isEmailAddress = (text: string): boolean => EMAIL.test(text);
