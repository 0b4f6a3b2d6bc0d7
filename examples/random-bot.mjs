#!/usr/bin/env node
// A complete hearts-bot/1 bot in plain Node, no dependencies: it plays a random legal card, passes random
// cards and always takes the moon as "minus". Run it in the arena: hearts arena --bots medium,cmd:node examples/random-bot.mjs --deals 10
import process from 'node:process';
import { createInterface } from 'node:readline';

const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');
const pick = (list) => list[Math.floor(Math.random() * list.length)];

for await (const line of createInterface({ input: process.stdin })) {
  let m;
  try {
    m = JSON.parse(line);
  } catch {
    send({ type: 'error', message: 'not JSON' });
    continue;
  }
  if (m.type === 'hello') send({ type: 'hello', name: 'random-bot' });
  else if (m.type === 'quit') break;
  else if (m.type !== 'decide') send({ type: 'error', message: `unknown message type ${m.type}` });
  else if (m.kind === 'moon') send({ type: 'move', id: m.id, choice: 'minus' });
  else if (m.kind === 'play') send({ type: 'move', id: m.id, card: pick(m.legal) });
  else {
    const count = m.rules?.passCards ?? 3; // rules list only the options that differ from the defaults
    const hand = [...m.legal];
    const cards = [];
    while (cards.length < count) cards.push(...hand.splice(Math.floor(Math.random() * hand.length), 1));
    send({ type: 'move', id: m.id, cards });
  }
}
