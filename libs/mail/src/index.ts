export { htmlMail, type MailMessage } from './mail-message';
export { MailModule, type MailModuleOptions } from './mail.module';
export { MailTransport } from './ports/mail-transport';
