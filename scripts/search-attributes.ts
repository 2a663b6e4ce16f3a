import { searchAttributeDefinitions } from '../common/temporal';

// Prints the search attributes the workflows use, one `Name=Type` per line, for shell scripts
// (scripts/dev.sh registers them on the dev server; docker-compose.yml lists the same names).
for (const sa of searchAttributeDefinitions) process.stdout.write(`${sa.name}=${sa.type}\n`);
