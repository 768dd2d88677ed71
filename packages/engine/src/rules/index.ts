export { attributeOf, validatePlayerAttributes } from './attributes.ts';
export { type RuleSourceTicket, ruleCandidateOf } from './candidate.ts';
export { evaluateRule, evaluateRules, ruleWaitMs } from './evaluate.ts';
export * from './import/index.ts';
export * from './types.ts';
export { validateAttributeDeclarations, validateRules } from './validate.ts';
