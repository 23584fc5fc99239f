// Type tests of `@neurosquad/card-sdk/components`: refs reach the DOM element, props are the element's.
import { Button, Input, type ButtonProps } from '@neurosquad/card-sdk/components';
import { createRef, type ComponentProps } from 'react';
import { expectTypeOf } from 'vitest';

expectTypeOf<ButtonProps['variant']>().toEqualTypeOf<
  'default' | 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | undefined
>();
expectTypeOf<ComponentProps<typeof Button>['onClick']>().not.toBeAny();
expectTypeOf<ComponentProps<typeof Input>['className']>().toEqualTypeOf<string | undefined>();

export const button = <Button ref={createRef<HTMLButtonElement>()} variant="primary" loading className="wide" />;
export const input = <Input ref={createRef<HTMLInputElement>()} aria-label="Filter" />;
