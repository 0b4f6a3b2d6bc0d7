#!/usr/bin/env node
import { proxyMain } from '../dist/proxy.js';

process.exitCode = await proxyMain(process.argv.slice(2));
