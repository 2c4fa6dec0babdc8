import nodemailer from 'nodemailer';
import type {CodeDelivery, Mailer} from './types.ts';

/** Mail over SMTP (SMTP_URL, e.g. smtps://user:pass@mail.example.org, and MAIL_FROM): codes and office mail. */
export function smtpMailer(smtpURL: string, from: string): Mailer & Pick<CodeDelivery, 'email'> {
  const transport = nodemailer.createTransport(smtpURL);
  const send: Mailer['send'] = async message => {
    await transport.sendMail({from, ...message});
  };
  return {
    send,
    email: (to, code, purpose = 'sign-in') =>
      send(
        purpose === 'reset'
          ? {
              to,
              subject: `קוד לבחירת סיסמה חדשה בקשר: ${code} · Kesher new password code`,
              text: `הקוד לבחירת סיסמה חדשה בקשר: ${code}\nהקוד תקף ל-10 דקות. אם לא ביקשת זאת, אפשר להתעלם מההודעה.\n\nYour code to choose a new Kesher password: ${code}\nIt is valid for 10 minutes. If you did not ask for it, ignore this message.`,
            }
          : purpose === 'verify-email'
            ? {
                to,
                subject: `קוד אימות לקשר: ${code} · Kesher verification code`,
                text: `קוד האימות של כתובת הדוא״ל בכרטיס שלך בקשר: ${code}\nהקוד תקף ל-10 דקות.\n\nYour Kesher code to verify the email on your profile: ${code}\nIt is valid for 10 minutes.`,
              }
            : {
                to,
                subject: `קוד כניסה לקשר: ${code} · Kesher sign-in code`,
                text: `קוד הכניסה שלך לקשר: ${code}\nהקוד תקף ל-10 דקות.\n\nYour Kesher sign-in code: ${code}\nIt is valid for 10 minutes.`,
              },
      ),
  };
}
