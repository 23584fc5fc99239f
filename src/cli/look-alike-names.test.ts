// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { impersonationIssues } from '../contract/manifest.js';
import { impersonationWarnings } from './look-alike-names.js';
import { tempFolders, writeValidCard } from './test-folders.js';
import { validateFolder } from './validate.js';

const CORE = 'only official cards may call themselves "NeuroSquad", "official" or "verified"';
const LOOK_ALIKE =
  'reads as "NeuroSquad", "official" or "verified" in look-alike characters: only official cards may call themselves so';
const { temp } = tempFolders();

describe('impersonation: the core rule', () => {
  it.each([
    'NeuroSquadHQ',
    'Neuro.Squad stats',
    'neuro·squad',
    'Ｎｅｕｒｏｓｑｕａｄ',
    'ＯＦＦＩＣＩＡＬ radar',
    'Neuro\u200bSquad',
    'Ⓝⓔⓤⓡⓞ Squad',
    '𝐍𝐞𝐮𝐫𝐨𝐒𝐪𝐮𝐚𝐝',
  ])('catches %j (any case, width, compatibility form or separator)', (displayName) => {
    expect(impersonationIssues({ name: 'x', displayName })).toEqual([{ path: '/displayName', message: CORE }]);
  });

  it.each(['Neuroscience squad', 'Unofficial notes', 'Test radar'])('passes %j', (displayName) => {
    expect(impersonationIssues({ name: 'x', displayName })).toEqual([]);
  });
});

describe('impersonationWarnings (the CLI adds look-alike spellings)', () => {
  it.each([
    ['a Cyrillic o', 'Neur\u043eSquad'],
    ['camel case', 'OfficialStats'],
  ])('keeps the core warning for %s (%j)', (_case, displayName) => {
    expect(impersonationWarnings({ name: 'x', displayName })).toEqual([{ path: '/displayName', message: CORE }]);
  });

  it.each([
    ['Armenian letters', 'Ne\u057dr\u0585 Squad'],
    ['Lisu capitals', 'N\ua4f0UR\ua4f3SQUAD tools'],
    ['a zero for an o', 'Neur0Squad'],
    ['a small capital V in verified', '\u1d20erified cards'],
    ['a Lisu O in official', '\ua4f3fficial stats'],
  ])('warns on %s (%j) at its path', (_case, text) => {
    expect(impersonationWarnings({ name: 'x', displayName: { en: 'Radar', ru: text } })).toEqual([
      { path: '/displayName/ru', message: LOOK_ALIKE },
    ]);
  });

  it('keeps the core warning for plain spellings, once per place, and checks the name and author too', () => {
    expect(
      impersonationWarnings({
        name: 'neurosquad-tools',
        displayName: 'NeuroSquad',
        author: { name: 'Ne\u057dr\u0585 Squad' },
      }),
    ).toEqual([
      { path: '/name', message: CORE },
      { path: '/displayName', message: CORE },
      { path: '/author/name', message: LOOK_ALIKE },
    ]);
  });

  it.each(['Test radar', 'Неврология', 'Unverified ideas', 'Squad neuro', '雷达'])('passes %j', (displayName) => {
    expect(impersonationWarnings({ name: 'x', displayName })).toEqual([]);
  });

  it('is a validate warning on the manifest path', () => {
    const folder = temp();
    writeValidCard(folder, { displayName: 'Ne\u057dr\u0585 Squad radar' });
    const report = validateFolder(folder);
    expect(report.ok).toBe(true);
    expect(report.warnings).toContainEqual({ where: 'neurosquad-card.json#/displayName', message: LOOK_ALIKE });
  });
});
