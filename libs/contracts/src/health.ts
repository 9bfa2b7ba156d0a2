/** GET /api/health: the process answers and reaches its database. */
export interface HealthResponse {
  status: 'ok';
  database: { type: string; status: 'up' };
}

/** GET /api/health/ready: everything the instance needs to serve traffic. */
export interface ReadinessReport {
  status: 'ready';
  checks: {
    database: 'up';
    /** "not configured" without REDIS_URL. */
    /** degraded: configured but unreachable; the instance still serves (local broadcast, computed reads, polling). */
    redis: 'up' | 'degraded' | 'not configured';
    /** MariaDB/MySQL: every migration has run; SQLite: the schema is synchronised from the entities. */
    migrations: 'applied' | 'not used';
  };
}
