import { LegalPage, type LegalSection } from './LegalPage';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Your account',
    bullets: [
      'You need an account to play online. Keep your password to yourself; you are responsible for play on your account.',
      'One person, one account. Usernames must not impersonate others or be offensive; we may rename or remove those that are.',
      'You must be at least 13 years old to use Spar.',
    ],
  },
  {
    heading: 'Fair play',
    bullets: [
      'Play your own games. Colluding with an opponent, using software that plays for you, or sharing an account to manipulate ratings is not allowed.',
      'Do not try to break, overload or probe the service, or to see cards you are not meant to see.',
      'Leaving a game or letting your turn timer run out repeatedly forfeits that game, as described in How to Play.',
      'We may reset ratings, end games or suspend accounts that break these rules.',
    ],
  },
  {
    heading: 'Coins, gems and decks',
    paragraphs: [
      'Coins and gems are in-game currencies with no cash value; they cannot be exchanged for money or transferred outside the game. Card decks and other items you acquire are licensed to you for use in Spar, not sold. Purchases with real money are handled by the payment provider shown at checkout and are final once delivered, except where the law gives you a right to a refund.',
    ],
  },
  {
    heading: 'Behaviour towards others',
    paragraphs: [
      'Be respectful in messages and usernames. Harassment, hate speech, spam and scams are not allowed. You can block any player, and we may act on reports.',
    ],
  },
  {
    heading: 'The service',
    paragraphs: [
      'Spar is offered as it is. We work to keep it available and your games safe, but we cannot promise it will never be interrupted; if the server restarts during a game, the game continues where it stopped. We may change or end features, and will tell you in the app before anything that affects purchases you made.',
    ],
  },
  {
    heading: 'Ending',
    paragraphs: [
      'You can delete your account at any time from your profile. We may suspend or close accounts that seriously or repeatedly break these terms.',
    ],
  },
  {
    heading: 'Contact',
    paragraphs: ['Questions about these terms: support@spar.game.'],
  },
];

export function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro="These terms are the agreement between you and Spar when you create an account and play. By using Spar you accept them."
      sections={SECTIONS}
    />
  );
}
