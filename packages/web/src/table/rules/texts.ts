/**
 * The rules page's texts (`rulesPage` in the locales): the sections and every option's explanation. The numbers
 * come in as values from the engine ({{value}}, {{points}} …), never written here.
 */
export const rulesPageEn = {
  title: 'Rules and options',
  intro:
    'The standard rules, then every option you can choose for a solo game or a table with friends, with examples.',
  contents: 'Contents',
  example: 'Example',
  exampleLabel: 'An example trick: {{winner}} takes it, {{points}} points',
  standardIs: 'Standard: {{value}}',
  chosenIs: 'Your choice: {{value}}',
  hereIs: 'At this table: {{value}}',
  open: 'Rules',
  tableTitle: 'Rules at this table',
  tableIntro: 'These options apply here. Tap one for its explanation.',
  othersStandard: 'Everything else as in the standard rules.',
  allSections: 'All rules',
  backToList: 'Back to this table’s rules',
  helpLink: 'All rules and options',
  sections: {
    basics: 'Tricks',
    scoring: 'Points',
    players: 'Players and cards',
    passing: 'Passing',
    firstLead: 'The first lead',
    firstTrick: 'The first trick',
    hearts: 'Breaking hearts',
    moon: 'Shooting the moon',
    end: 'End of the game',
    omnibus: 'Omnibus: the J♦',
    spot: 'Spot hearts',
    blackMaria: 'Black Maria',
    sevenOfDie: 'The die’s seven (like Papayoo)',
    presets: 'Rule sets',
  },
  basics: {
    text: 'Each player plays one card to a trick, in turn to the left. You must follow suit if you can; otherwise you may play any card. The highest card of the suit led takes the trick – there are no trumps – and whoever takes it leads the next one. A hand has {{tricks}} tricks.',
    example:
      'Anna leads the {{c1}}. Ben plays the {{c2}}, Carla the {{c3}}. Dan has no diamonds and discards the {{c4}}. {{winner}} played the highest diamond and takes the trick: {{points}} points.',
  },
  scoring: {
    text: 'Every heart you take counts {{heart}}, the Q♠ {{queen}}; the other cards count nothing unless an option below says so. A hand holds {{total}} points in all. The points add up from hand to hand, and the lowest score wins.',
  },
  players: {
    text: 'Hearts is best with four. With 3, 5 or 6 players a few low cards are taken out so that everyone gets the same number of cards; whoever holds the lowest club in play leads it.',
    each: 'Cards each',
    leads: 'Leads',
    three: 'With three players Black Maria takes out the {{removed}} instead; then the {{lead}} leads.',
  },
  passing: {
    text: 'Before each hand everyone chooses {{n}} cards and passes them face down. You see what you receive only after you have passed yourself. With 0 cards nobody passes.',
    forPlayers: 'The directions below are those for {{n}} players.',
    cycles: {
      standard: 'Left, right, across (only with an even number of players), then no passing, and again.',
      rotate: 'One seat to the left, then two, and so on, then one hand without passing (the rule for six).',
      left: 'Always to the left (like Papayoo).',
      right: 'Always to the right (Black Maria).',
    },
  },
  firstLead: {
    lowestClub:
      'Whoever holds the lowest club in play – here the {{card}} – must lead it to the first trick.',
    leftOfDealer:
      'The player left of the dealer leads any card the other rules allow. Before hearts are broken, a leader holding only hearts and the Q♠ leads the Q♠.',
    dealer: 'The dealer leads any card the other rules allow.',
  },
  firstTrick: {
    text: 'No heart and not the Q♠ may be played to the first trick, even by a player without clubs – unless their hand holds nothing else. With “points on the first trick allowed” they may.',
  },
  hearts: {
    text: 'Hearts may not be led until a heart has been played to an earlier trick: then hearts are broken. Whoever holds only hearts may lead one anyway. The Q♠ may be led at any time and does not break hearts.',
  },
  moon: {
    text: 'Whoever takes all these cards – every heart and the Q♠, {{value}} points together – shoots the moon: they score nothing for them. Other cards that count (the J♦, Black Maria’s spades) stay with whoever took them.',
    noValue: 'Without hearts and the Q♠ in the count there is no moon to shoot.',
    values: {
      othersPlus26: 'Everyone else scores {{value}}.',
      shooterMinus26: 'The shooter’s score goes down by {{value}}.',
      shooterChoice: 'The shooter chooses: −{{value}} for themselves or +{{value}} for everyone else.',
      othersPlus26UnlessLosing:
        'Everyone else scores {{value}} – unless that would end the game with the shooter not alone in the lead; then the shooter gets −{{value}}.',
      none: 'No moon: everyone keeps the points they took.',
    },
  },
  end: {
    text: 'The game ends after the hand in which someone reaches the target score (here {{target}}), never in the middle of a hand. The lowest score wins.',
    ties: {
      shareWin: 'Players tied for the lowest score share the win.',
      playOn: 'More hands are played until one player alone has the lowest score.',
    },
  },
  omnibus: {
    text: 'Omnibus Hearts: the J♦ counts {{value}} for whoever takes it – the one card you want to win. It does not count towards the moon.',
    example:
      'Anna leads the {{c1}}, Ben plays the {{c2}}, Carla the {{c3}}, and Dan discards the {{c4}}. {{winner}} takes the trick with the highest diamond and scores {{points}} for it.',
  },
  spot: {
    text: 'Spot hearts: every heart counts its rank, from {{low}} for the 2 to {{high}} for the ace, and the Q♠ counts {{queen}}. The moon is then worth {{value}}, and the game goes to {{target}}.',
  },
  blackMaria: {
    text: 'Black Maria, the British form: with the option the K♠ counts {{king}} and the A♠ {{ace}} besides the Q♠’s {{queen}} (they may still be played to the first trick). The rule set plays:',
  },
  sevenOfDie: {
    text: 'After passing a die is rolled; it picks a suit, as the cards above show. That suit’s 7 counts {{points}} in this hand for whoever takes it.',
    die: 'die',
  },
  presets: {
    text: 'A rule set is a name for several options together; you may change any of them afterwards.',
  },
  options: {
    players: 'How many sit at the table, 3 to 6.',
    removedCards:
      'The cards taken out so that the deck deals evenly (the table above); with three players there is a choice.',
    passCards: 'How many cards everyone passes before a hand; 0: never pass.',
    passCycle: 'In which direction the cards go, hand by hand.',
    targetScore: 'The score that ends the game after the hand in which someone reaches it.',
    handsToPlay: 'Instead of a target score, a fixed number of hands; 0 plays to the target score.',
    moon: 'What happens when someone takes every heart and the Q♠.',
    ties: 'What happens when several players share the lowest score at the end.',
    firstLead: 'Who leads the first trick of a hand.',
    heartValues: 'One point per heart, or each heart its rank (spot hearts).',
    queenPoints: 'What the Q♠ counts.',
    heartsMustBeBroken: 'Off: hearts may be led at any time.',
    pointsOnFirstTrick: 'On: hearts and the Q♠ may be played to the first trick.',
    queenBreaksHearts: 'On: once the Q♠ has been played, hearts may be led too.',
    jackOfDiamonds: 'On: the J♦ takes points off whoever wins it (Omnibus).',
    blackMariaSpades: 'On: the K♠ and the A♠ count as well (Black Maria).',
    sevenOfDie: 'On: a die picks a suit each hand whose 7 counts a lot.',
  },
};

export type RulesPageTexts = typeof rulesPageEn;

export const rulesPageDe: RulesPageTexts = {
  title: 'Regeln und Spieloptionen',
  intro:
    'Die Standardregeln, dann jede Option, die du für ein Spiel allein oder einen Tisch mit Freunden wählen kannst, mit Beispielen.',
  contents: 'Inhalt',
  example: 'Beispiel',
  exampleLabel: 'Ein Beispielstich: {{winner}} nimmt ihn, {{points}} Punkte',
  standardIs: 'Standard: {{value}}',
  chosenIs: 'Deine Wahl: {{value}}',
  hereIs: 'An diesem Tisch: {{value}}',
  open: 'Regeln',
  tableTitle: 'Regeln an diesem Tisch',
  tableIntro: 'Diese Optionen gelten hier. Tippe eine an, um sie erklärt zu bekommen.',
  othersStandard: 'Alles andere wie in den Standardregeln.',
  allSections: 'Alle Regeln',
  backToList: 'Zurück zu den Regeln dieses Tisches',
  helpLink: 'Alle Regeln und Spieloptionen',
  sections: {
    basics: 'Stiche',
    scoring: 'Punkte',
    players: 'Spieler und Karten',
    passing: 'Weitergeben',
    firstLead: 'Das erste Ausspiel',
    firstTrick: 'Der erste Stich',
    hearts: 'Herz brechen',
    moon: 'Durchmarsch (den Mond schießen)',
    end: 'Spielende',
    omnibus: 'Omnibus: der Karo-Bube',
    spot: 'Spot Hearts',
    blackMaria: 'Black Maria',
    sevenOfDie: 'Die Sieben des Würfels (wie Papayoo)',
    presets: 'Regelwerke',
  },
  basics: {
    text: 'Reihum nach links legt jeder eine Karte zum Stich. Es gilt Bedienpflicht: Du musst die ausgespielte Farbe bedienen, wenn du kannst; sonst darfst du jede Karte legen. Die höchste Karte der ausgespielten Farbe nimmt den Stich – es gibt keinen Trumpf –, und wer ihn nimmt, spielt zum nächsten aus. Eine Runde hat {{tricks}} Stiche.',
    example:
      'Anna spielt {{c1}} aus. Ben legt {{c2}}, Carla {{c3}}. Dan hat kein Karo und wirft {{c4}} ab. {{winner}} hat das höchste Karo gelegt und nimmt den Stich: {{points}} Punkte.',
  },
  scoring: {
    text: 'Jedes Herz, das du nimmst, zählt {{heart}}, die Pik-Dame {{queen}}; die übrigen Karten zählen nichts, außer eine Option unten sagt es. In einer Runde gibt es zusammen {{total}} Punkte. Die Punkte werden von Runde zu Runde addiert; es gewinnt, wer die wenigsten hat.',
  },
  players: {
    text: 'Am besten spielt man Hearts zu viert. Zu dritt, zu fünft oder zu sechst werden ein paar niedrige Karten herausgenommen, damit jeder gleich viele bekommt; wer die niedrigste Kreuzkarte im Spiel hat, spielt sie aus.',
    each: 'Karten je',
    leads: 'Spielt aus',
    three: 'Zu dritt nimmt Black Maria stattdessen {{removed}} heraus; dann spielt {{lead}} aus.',
  },
  passing: {
    text: 'Vor jeder Runde sucht sich jeder {{n}} Karten aus und gibt sie verdeckt weiter. Was du bekommst, siehst du erst, wenn du selbst weitergegeben hast. Bei 0 Karten gibt niemand weiter.',
    forPlayers: 'Die Richtungen unten gelten für {{n}} Spieler.',
    cycles: {
      standard:
        'Nach links, nach rechts, nach gegenüber (nur bei gerader Spielerzahl), dann keine Weitergabe, und wieder von vorn.',
      rotate:
        'Einen Platz nach links, dann zwei und so weiter, danach eine Runde ohne Weitergabe (die Regel zu sechst).',
      left: 'Immer nach links (wie Papayoo).',
      right: 'Immer nach rechts (Black Maria).',
    },
  },
  firstLead: {
    lowestClub:
      'Wer die niedrigste Kreuzkarte im Spiel hat – hier {{card}} –, muss sie zum ersten Stich ausspielen.',
    leftOfDealer:
      'Links vom Geber wird beliebig ausgespielt, soweit die übrigen Regeln es erlauben. Solange Herz nicht gebrochen ist, spielt wer nur Herz und die Pik-Dame hat die Pik-Dame aus.',
    dealer: 'Der Geber spielt beliebig aus, soweit die übrigen Regeln es erlauben.',
  },
  firstTrick: {
    text: 'Im ersten Stich darf weder Herz noch die Pik-Dame gelegt werden, auch ohne Kreuz – außer du hast nichts anderes. Mit „Punkte im ersten Stich erlaubt“ dürfen sie es.',
  },
  hearts: {
    text: 'Herz darfst du erst ausspielen, wenn in einem früheren Stich schon ein Herz gelegt wurde – dann ist Herz gebrochen. Hast du nur noch Herz, darfst du trotzdem Herz ausspielen. Die Pik-Dame darf jederzeit ausgespielt werden und bricht Herz nicht.',
  },
  moon: {
    text: 'Wer alle diese Karten nimmt – jedes Herz und die Pik-Dame, zusammen {{value}} Punkte –, schafft einen Durchmarsch (schießt den Mond): Er bekommt für sie nichts. Andere Karten, die zählen (der Karo-Bube, die Pik-Karten von Black Maria), behält, wer sie genommen hat.',
    noValue: 'Ohne Herz und Pik-Dame in der Wertung gibt es keinen Durchmarsch.',
    values: {
      othersPlus26: 'Alle anderen bekommen {{value}} Punkte.',
      shooterMinus26: 'Dem Schützen werden {{value}} Punkte abgezogen.',
      shooterChoice: 'Der Schütze wählt: sich selbst −{{value}} oder allen anderen +{{value}}.',
      othersPlus26UnlessLosing:
        'Alle anderen bekommen {{value}} – außer die Partie wäre dadurch zu Ende, ohne dass der Schütze allein vorn liegt; dann werden ihm {{value}} abgezogen.',
      none: 'Kein Durchmarsch: Jeder behält die Punkte, die er genommen hat.',
    },
  },
  end: {
    text: 'Die Partie endet nach der Runde, in der jemand die Zielpunktzahl erreicht (hier {{target}}), nie mitten in einer Runde. Es gewinnt, wer die wenigsten Punkte hat.',
    ties: {
      shareWin: 'Haben mehrere gleich wenige Punkte, teilen sie sich den Sieg.',
      playOn: 'Es wird weitergespielt, bis einer allein die wenigsten Punkte hat.',
    },
  },
  omnibus: {
    text: 'Omnibus Hearts: Der Karo-Bube zählt {{value}} für den, der ihn bekommt – die einzige Karte, die man gerne nimmt. Für den Durchmarsch zählt er nicht.',
    example:
      'Anna spielt {{c1}} aus, Ben legt {{c2}}, Carla {{c3}}, und Dan wirft {{c4}} ab. {{winner}} nimmt den Stich mit dem höchsten Karo und bekommt dafür {{points}}.',
  },
  spot: {
    text: 'Spot Hearts: Jedes Herz zählt seinen Wert, von {{low}} für die 2 bis {{high}} für das Ass, die Pik-Dame zählt {{queen}}. Ein Durchmarsch ist dann {{value}} wert, und gespielt wird bis {{target}}.',
  },
  blackMaria: {
    text: 'Black Maria, die britische Form: Mit der Option zählen zusätzlich der Pik-König {{king}} und das Pik-Ass {{ace}}, neben der Pik-Dame mit {{queen}} (sie dürfen trotzdem in den ersten Stich). Das Regelwerk spielt:',
  },
  sevenOfDie: {
    text: 'Nach dem Weitergeben wird gewürfelt; der Würfel wählt eine Farbe, wie die Karten oben zeigen. Die 7 dieser Farbe zählt in dieser Runde {{points}} Punkte für den, der sie bekommt.',
    die: 'Würfel',
  },
  presets: {
    text: 'Ein Regelwerk ist ein Name für mehrere Optionen zusammen; jede davon kannst du danach noch ändern.',
  },
  options: {
    players: 'Wie viele am Tisch sitzen, 3 bis 6.',
    removedCards:
      'Die Karten, die herausgenommen werden, damit das Blatt aufgeht (die Tabelle oben); zu dritt gibt es eine Wahl.',
    passCards: 'Wie viele Karten jeder vor einer Runde weitergibt; 0: nie weitergeben.',
    passCycle: 'In welche Richtung die Karten gehen, Runde für Runde.',
    targetScore: 'Die Punktzahl, mit der die Partie nach der Runde endet, in der jemand sie erreicht.',
    handsToPlay: 'Statt einer Zielpunktzahl eine feste Zahl von Runden; 0 spielt bis zur Punktzahl.',
    moon: 'Was passiert, wenn einer alle Herzen und die Pik-Dame nimmt.',
    ties: 'Was passiert, wenn am Ende mehrere gleich wenige Punkte haben.',
    firstLead: 'Wer zum ersten Stich einer Runde ausspielt.',
    heartValues: 'Ein Punkt je Herz, oder jedes Herz seinen Wert (Spot Hearts).',
    queenPoints: 'Was die Pik-Dame zählt.',
    heartsMustBeBroken: 'Aus: Herz darf jederzeit ausgespielt werden.',
    pointsOnFirstTrick: 'An: Herz und die Pik-Dame dürfen in den ersten Stich.',
    queenBreaksHearts: 'An: Sobald die Pik-Dame gefallen ist, darf auch Herz ausgespielt werden.',
    jackOfDiamonds: 'An: Der Karo-Bube zieht dem, der ihn nimmt, Punkte ab (Omnibus).',
    blackMariaSpades: 'An: Pik-König und Pik-Ass zählen auch (Black Maria).',
    sevenOfDie: 'An: Ein Würfel wählt in jeder Runde eine Farbe, deren 7 viel zählt.',
  },
};
