export { htmlMail, type MailMessage } from './mail-message';
export { defineMailTemplate, type MailTemplate, renderMail } from './mail-template';
export { MailModule, type MailModuleOptions } from './mail.module';
export { MailTransport } from './ports/mail-transport';
export { sendOnce } from './send-once';
