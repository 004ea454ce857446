/** The admin Settings tab's shapes (GET /api/admin/settings) and the public status (GET /api/status). */
export interface MaintenanceSetting {
  enabled: boolean;
  message: string;
}
/**
 * The lowest API limit a minute other than 0 (no limit), ADR 022: a person opening a few screens in a
 * row makes about 40 requests in 20 seconds (the Dashboard alone 12), so at 30 ordinary browsing was
 * refused.
 */
export const API_MIN_PER_MINUTE = 120;

export interface RateLimitSettings {
  signInPerIp: number;
  signInPerEmailAndIp: number;
  signInPerEmail: number;
  apiPerMinute: number;
}
export interface SecuritySettings {
  sessionLifetimeDays: number;
}
export interface SystemSettingsView {
  maintenance: MaintenanceSetting;
  rateLimits: RateLimitSettings;
  security: SecuritySettings;
}
export interface BackupEntry {
  name: string;
  bytes: number;
  createdAt: string;
}
export interface BackupsView {
  folder: string;
  keep: number;
  intervalHours: number;
  backups: BackupEntry[];
}
export interface AdminSettingsResponse {
  settings: SystemSettingsView;
  backup: BackupsView;
}
export interface PublicStatus {
  maintenance: MaintenanceSetting;
}
