import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail: through SMTP when SMTP_URL is set, otherwise into the log (text and links included). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

interface MailLog {
  info(obj: object, msg: string): void;
}

export function createMailer(smtpUrl: string | undefined, from: string, log: MailLog): Mailer {
  if (!smtpUrl) {
    return {
      send: async (mail) => {
        log.info(
          { mail: { to: mail.to, subject: mail.subject } },
          `mail (no SMTP_URL configured):\n${mail.text}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
