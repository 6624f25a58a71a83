import pkg from '../../../package.json';

export const GATEHOUSE_VERSION: string = pkg.version;
