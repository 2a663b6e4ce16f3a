import { redactText } from './common/redaction';
for (const t of process.argv.slice(2)) console.log(JSON.stringify(redactText(t).text));
