import nodemailer from 'nodemailer';
import type {CodeDelivery} from './types.ts';

/** Email codes over SMTP (SMTP_URL, e.g. smtps://user:pass@mail.example.org, and MAIL_FROM). */
export function smtpMailer(smtpURL: string, from: string): Pick<CodeDelivery, 'email'> {
  const transport = nodemailer.createTransport(smtpURL);
  return {
    async email(to, code) {
      await transport.sendMail({
        from,
        to,
        subject: `קוד כניסה לקשר: ${code} · Kesher sign-in code`,
        text: `קוד הכניסה שלך לקשר: ${code}\nהקוד תקף ל-10 דקות.\n\nYour Kesher sign-in code: ${code}\nIt is valid for 10 minutes.`,
      });
    },
  };
}
