// Loaded before every test file (node --import). Property tests draw their cases from one fixed
// fast-check seed so that CI is repeatable; set MATCHD_FC_SEED to another number to explore new
// cases, or to "random" for a fresh seed each run (fast-check prints the seed of any failure).
import fc from 'fast-check';

const requested = process.env.MATCHD_FC_SEED ?? '20261121';
if (requested !== 'random') {
  const seed = Number(requested);
  if (!Number.isInteger(seed))
    throw new Error(`MATCHD_FC_SEED must be an integer or "random", not ${requested}`);
  fc.configureGlobal({ seed });
}
