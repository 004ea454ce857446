/** The admin Settings tab's shapes (GET /api/admin/settings) and the public status (GET /api/status). */
export interface MaintenanceSetting {
  enabled: boolean;
  message: string;
}
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
