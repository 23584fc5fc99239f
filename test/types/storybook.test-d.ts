// Type tests of `@neurosquad/card-sdk/storybook`: a story's parameters are mock host options plus switches.
import type { MockHost, MockHostOptions } from '@neurosquad/card-sdk/testing';
import { withCardHost, type NeurosquadParameters } from '@neurosquad/card-sdk/storybook';
import { expectTypeOf } from 'vitest';

expectTypeOf<NeurosquadParameters>().toMatchTypeOf<MockHostOptions>();
expectTypeOf<NeurosquadParameters['theme']>().not.toBeAny();
expectTypeOf<NonNullable<NeurosquadParameters['setup']>>().parameter(0).toEqualTypeOf<MockHost>();
expectTypeOf(withCardHost).toBeFunction();
