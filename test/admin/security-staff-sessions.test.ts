import { describeRouteSecurity } from '../helpers/route-security';
import { AREAS_BY_FILE } from '../helpers/route-table';

// The route security checks of these areas with staff sessions (the key checks are in security-staff.test.ts).
describeRouteSecurity(AREAS_BY_FILE['security-staff.test.ts'], 'session');
