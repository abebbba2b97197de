import { ACCOUNT_DELETION_GRACE_DAYS, SESSION_DAYS } from '@shared/constants';
import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What we collect',
    bullets: [
      'Your account: username, password (stored only as an argon2id hash we cannot reverse), and your email address if you give one. With Google sign-in we receive your Google account id, name and email from Google.',
      'Your games: every card played, scores, results and your rating, so games can be resumed, replayed and ranked.',
      'Your devices: the push-notification token and device name your phone or desktop app registers, if you allow notifications.',
      'Technical data: your IP address and browser or app version when you sign in, used to protect accounts from abuse and kept with your session.',
    ],
  },
  {
    heading: 'How we use it',
    bullets: [
      'To run your account and sessions, match you with opponents of similar rating, and show your games and profile.',
      'To send account emails you asked for, such as verifying your address. We send no marketing email.',
      'To keep the game fair and safe: rate limits, abuse detection and resolving disputes about games.',
    ],
  },
  {
    heading: 'What other players see',
    paragraphs: [
      'Other players see your username, rating, record and the games you play in ranked and quick queues, which any signed-in player may watch. Your email address is never shown to other players. Practice and private games are visible only to their players.',
    ],
  },
  {
    heading: 'Sharing',
    paragraphs: [
      'We do not sell your data. We share it only with the services that run Spar for us (hosting, email delivery, push notifications and, when you buy something, the payment provider), each bound to use it only for that purpose, or when the law requires it.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      `Sessions expire after ${SESSION_DAYS} days without use. If you delete your account, it is scheduled for deletion and removed ${ACCOUNT_DELETION_GRACE_DAYS} days later: your username, email, password, sessions and device tokens are erased, and your past games remain only under an anonymous name so your opponents’ records stay correct. Within those ${ACCOUNT_DELETION_GRACE_DAYS} days you can restore the account by signing in.`,
    ],
  },
  {
    heading: 'Your choices and rights',
    bullets: [
      'See and change your profile at any time in the app.',
      'Delete your account from your profile page.',
      'Ask us for a copy of your data, or to correct it, by writing to privacy@spar.game.',
      'Turn off notifications in your device settings; we then stop sending push messages to that device.',
    ],
  },
  {
    heading: 'Children',
    paragraphs: ['Spar is not meant for children under 13, and we do not knowingly collect their data.'],
  },
  {
    heading: 'Changes',
    paragraphs: [
      'If we change this policy in a way that matters, we will tell you in the app before the change takes effect.',
    ],
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro="This policy explains what Spar collects when you play, why, and the choices you have. Spar is an online version of the West African card game; we collect only what running the game needs."
      sections={SECTIONS}
    />
  );
}
