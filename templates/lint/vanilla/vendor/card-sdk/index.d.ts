export * from '@neurosquad/card-sdk';
