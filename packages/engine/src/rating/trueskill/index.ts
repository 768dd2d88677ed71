export { createTrueSkill, type TrueSkillModel, type TrueSkillOptions } from './trueskill.ts';
