import type { Plugin } from 'vite';

/** Compresses every file of `dir` that is worth it; returns how many files got copies. */
export function precompressDir(dir: string): number;
/** A Vite plugin: pre-compresses the client build's output once it is written (not the SSR build). */
export function precompress(): Plugin;
