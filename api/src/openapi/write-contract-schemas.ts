/** Build step (api/package.json "build"): the contract types' JSON Schemas, for the OpenAPI document. */
import { writeContractSchemas } from './contract-schemas';

writeContractSchemas();
