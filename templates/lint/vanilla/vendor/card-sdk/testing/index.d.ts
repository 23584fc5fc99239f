export * from '@neurosquad/card-sdk/testing';
