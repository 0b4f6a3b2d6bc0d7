#!/usr/bin/env node
import { setTimeout } from 'node:timers';
import { main } from '../dist/main.js';

process.exitCode = await main(process.argv.slice(2));
// The command is over: a handle a library left open (a socket still closing) must not keep the process alive.
setTimeout(() => process.exit(), 3000).unref();
