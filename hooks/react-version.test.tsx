import { version as reactVersion } from 'react';
import { version as domVersion } from 'react-dom';
import { describe, expect, it } from 'vitest';
import project from '../package.json' with { type: 'json' };

// vitest.react18.config.ts sets CARD_SDK_REACT_MAJOR; other runs use the project's own React.
const wantedMajor = process.env.CARD_SDK_REACT_MAJOR ?? project.devDependencies.react.split('.')[0];

describe('the React the hook tests run on', () => {
  it('is the major version this run asked for', () => {
    expect(reactVersion.split('.')[0]).toBe(wantedMajor);
  });

  it('renders with the react-dom of the same version', () => {
    expect(domVersion).toBe(reactVersion);
  });
});
