import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Save } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link } from "wouter";
import { NAME_MAX } from "../../../contracts/auth.ts";
import {
  PLAYER_SPIKE_BASELINE_DAYS,
  PLAYER_SPIKE_MIN_DAYS,
  PLAYER_SPIKE_RATIO,
} from "../../../contracts/notifications.ts";
import type { PublicUser } from "../../../contracts/roles.ts";
import {
  GENRES,
  LANGUAGES,
  PLATFORMS,
  REFRESH_INTERVALS,
  type Settings,
  THEMES,
} from "../../../contracts/settings-options.ts";
import { TierBadge } from "../../../ui/badge/index.ts";
import { Button } from "../../../ui/button/index.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../ui/card/index.ts";
import { Combobox } from "../../../ui/combobox/index.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../ui/dialog/index.ts";
import { Input } from "../../../ui/input/index.ts";
import { Label } from "../../../ui/label/index.ts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../ui/select/index.ts";
import { Skeleton } from "../../../ui/skeleton/index.ts";
import { Switch } from "../../../ui/switch/index.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../ui/tabs/index.ts";
import { toast } from "../../../ui/toast/toast-store.ts";
import { apiRequest, errorMessage } from "../../api.ts";
import { Section } from "../../components/Section.tsx";
import { formatDateTimeIn } from "../../format/dates.ts";
import { browserTimeZone, formatLocaleOf, isKnownTimeZone, timeZoneNames } from "../../format/preferences.ts";
import { PageHeader } from "../../layout/PageHeader.tsx";
import {
  type BrowserNotificationState,
  browserNotificationState,
  requestBrowserNotifications,
} from "../../notifications/browser-notifications.ts";
import { currentUserQuery, userSettingsQuery, userStatsQuery } from "../../queries/auth.ts";
import { realtime } from "../../realtime.ts";
import { withServerReason } from "../../server-reason.ts";
import { applyTheme } from "../../theme.ts";
import { useUrlTab } from "../../url-state.ts";
import { PasswordSection } from "./PasswordSection.tsx";
import { PlanSection } from "./PlanSection.tsx";

/** First and last name, saved on their own (issue 9 §5: an email user is no longer "Gamer" forever). */
function NameFields({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState(user.firstName ?? "");
  const [lastName, setLastName] = useState(user.lastName ?? "");
  const saveName = useMutation({
    mutationFn: () => apiRequest<PublicUser>("PATCH", "/api/user/profile", { firstName, lastName }),
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserQuery.queryKey, updated);
      toast({ title: "Name saved", description: "Your name has been updated." });
    },
    // The server's reason when it gives one (maintenance, a name it refuses), else the plain sentence.
    onError: (error) =>
      toast({
        title: "Error",
        description: errorMessage(error, "Could not save your name."),
        variant: "destructive",
      }),
  });
  const changed = firstName.trim() !== (user.firstName ?? "") || lastName.trim() !== (user.lastName ?? "");
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor="firstName">First name</Label>
        <Input
          id="firstName"
          value={firstName}
          maxLength={NAME_MAX}
          onChange={(e) => setFirstName(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="lastName">Last name</Label>
        <Input
          id="lastName"
          value={lastName}
          maxLength={NAME_MAX}
          onChange={(e) => setLastName(e.target.value)}
        />
      </div>
      <div className="sm:col-span-2">
        {/* Saved, the name is unchanged and the button off: it keeps the focus (review 23). */}
        <Button
          size="sm"
          disabled={!changed}
          focusableWhenDisabled
          loading={saveName.isPending}
          onClick={() => saveName.mutate()}
        >
          Save name
        </Button>
      </div>
    </>
  );
}

const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
};
// As the Dashboard's Multi-Platform tab writes them (dashboard/my-platforms.ts): not imported from
// there, as a module shared by the two screens' chunks costs the first route its name in the preload map.
const PLATFORM_NAMES: Record<(typeof PLATFORMS)[number], string> = {
  steam: "Steam",
  epic: "Epic Games",
  xbox: "Xbox",
  origin: "Origin",
  uplay: "Uplay",
  gog: "GOG",
};
const GENRE_NAMES: Record<(typeof GENRES)[number], string> = {
  fps: "FPS",
  rpg: "RPG",
  moba: "MOBA",
  rts: "RTS",
  racing: "Racing",
  sports: "Sports",
  puzzle: "Puzzle",
  horror: "Horror",
};
const INTERVAL_NAMES: Record<number, string> = {
  60: "1 minute",
  300: "5 minutes",
  600: "10 minutes",
  1800: "30 minutes",
};

function SwitchRow({
  id,
  label,
  description,
  checked,
  onChange,
  unavailable,
  note,
}: {
  id: string;
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (v: boolean) => void;
  /** Why this server cannot do it: the switch shows off and cannot be turned on. */
  unavailable?: string;
  /** A line under the description (what this browser allows, a link). */
  note?: ReactNode;
}) {
  const describedBy = unavailable || description ? `${id}-about` : undefined;
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <Label htmlFor={id}>{label}</Label>
        {(unavailable || description) && (
          <p id={describedBy} className="mt-1 text-muted-foreground text-sm">
            {unavailable ? (
              <>
                <span className="font-medium text-foreground">Not available on this server.</span>{" "}
                {unavailable}
              </>
            ) : (
              description
            )}
          </p>
        )}
        {note && <p className="mt-1 text-sm">{note}</p>}
      </div>
      <Switch
        id={id}
        checked={unavailable ? false : checked}
        disabled={!!unavailable}
        aria-describedby={describedBy}
        onCheckedChange={onChange}
      />
    </div>
  );
}

function toggle<T>(list: T[], value: T, on: boolean): T[] {
  return on ? [...new Set([...list, value])] : list.filter((v) => v !== value);
}

type SwitchOption<K extends string> = {
  key: K;
  id: string;
  label: string;
  description?: string;
  unavailable?: string;
};

/**
 * What each switch does on this server (the house rule: no setting that does nothing). Price alerts
 * and game updates are written by the database as the catalog changes (migration 0020) and shown
 * under the header's bell; push shows them through the browser; this server has no mail service.
 */
const NOTIFICATION_SWITCHES: SwitchOption<keyof Settings["notifications"]>[] = [
  {
    key: "priceAlerts",
    id: "n-price",
    label: "Price alerts",
    description:
      "When the price of a game on your watchlist changes in the catalog (an import or a sync), from one known price to another.",
  },
  {
    key: "gameUpdates",
    id: "n-updates",
    label: "Game updates",
    description: `When a game on your watchlist gets a release date (upcoming, or in the last 30 days), or its players reach ${PLAYER_SPIKE_RATIO} times its daily average of the ${PLAYER_SPIKE_BASELINE_DAYS} days before (same source, at least ${PLAYER_SPIKE_MIN_DAYS} of those days known). The catalog has no patch notes, so patches are not among them.`,
  },
  {
    key: "email",
    id: "n-email",
    label: "Email notifications",
    unavailable:
      "It has no mail service, so it sends no email. You are told under the bell, and by your browser with push notifications.",
  },
];

const PRIVACY_SWITCHES: SwitchOption<"shareData" | "analyticsTracking">[] = [
  {
    key: "shareData",
    id: "s-share",
    label: "Data sharing",
    unavailable:
      "There is nothing to share: the server gives nothing it holds about you to anyone outside it, and its market estimates use public data only. Its admins see counts (users, watchlist entries, reports), not your data.",
  },
  {
    key: "analyticsTracking",
    id: "s-analytics",
    label: "Analytics tracking",
    unavailable:
      "There is nothing to switch on: the app runs no analytics, loads no third-party scripts and sets no cookie but your sign-in session. The server keeps what its features need (your watchlist, reports, AI analyses, settings) and a log of sign-ups and account changes.",
  },
];

const PERMISSION_NOTES: Record<BrowserNotificationState, string> = {
  granted: "This browser shows them.",
  default: "This browser will ask whether this site may show notifications.",
  denied: "This browser blocks notifications from this site: allow them in its site settings.",
  unsupported: "This browser cannot show notifications.",
};

/** Settings → Preferences → Time zone: any zone the browser knows, with this browser's own a click away. */
function TimeZoneField({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const options = useMemo(() => timeZoneNames().map((zone) => ({ value: zone })), []);
  const own = useMemo(browserTimeZone, []);
  const known = isKnownTimeZone(value.trim());
  return (
    <div className="grid gap-2">
      <Label htmlFor="timezone">Time zone</Label>
      <Combobox
        id="timezone"
        value={value}
        onChange={onChange}
        options={options}
        placeholder="UTC"
        aria-invalid={!known}
        aria-describedby="timezone-about"
      />
      <p id="timezone-about" className="text-muted-foreground text-sm">
        {known
          ? "Times of events (reports, syncs, notifications) are shown in this zone, and named. Data dates stay days in UTC."
          : "Pick a time zone from the list (an IANA name, such as Europe/Berlin)."}
      </p>
      {own && own !== value && (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => onChange(own)}>
          Use this browser's time zone ({own})
        </Button>
      )}
    </div>
  );
}

/** A grid of named on/off choices over a list of values (platforms, genres). */
function ToggleGrid<T extends string>({
  idPrefix,
  values,
  names,
  selected,
  onChange,
  className,
}: {
  idPrefix: string;
  values: readonly T[];
  names: Record<T, string>;
  selected: T[];
  onChange: (next: T[]) => void;
  className: string;
}) {
  return (
    <div className={className}>
      {values.map((value) => (
        <div key={value} className="flex items-center justify-between rounded-lg border border-border p-3">
          <Label htmlFor={`${idPrefix}-${value}`}>{names[value]}</Label>
          <Switch
            id={`${idPrefix}-${value}`}
            checked={selected.includes(value)}
            onCheckedChange={(on) => onChange(toggle(selected, value, on))}
          />
        </div>
      ))}
    </div>
  );
}

export default function SettingsPage() {
  const queryClient = useQueryClient();
  const { data: user } = useQuery(currentUserQuery);
  const { data: stats } = useQuery(userStatsQuery);
  const saved = useQuery(userSettingsQuery);
  const [draft, setDraft] = useState<Settings | null>(null);
  const [tab, setTab] = useUrlTab(
    ["profile", "notifications", "preferences", "gaming", "security"],
    "profile",
  );
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [permission, setPermission] = useState<BrowserNotificationState>(browserNotificationState);

  useEffect(() => {
    if (saved.data) {
      setDraft(saved.data);
      applyTheme(saved.data.preferences.theme);
    }
  }, [saved.data]);

  const save = useMutation({
    mutationFn: (settings: Settings) => apiRequest<Settings>("PATCH", "/api/user/settings", settings),
    onSuccess: (result) => {
      queryClient.setQueryData(userSettingsQuery.queryKey, result);
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      applyTheme(result.preferences.theme);
      toast({ title: "Settings Updated", description: "Your preferences have been saved successfully." });
    },
    // Spec §8's text, and the server's reason when it gave one.
    onError: (error) => {
      toast({
        title: "Error",
        description: withServerReason("Failed to update settings. Please try again.", error),
        variant: "destructive",
      });
    },
  });

  const deleteAccount = useMutation({
    // The server closes this session's socket as the account goes; the client lets go of it first,
    // so that close is not taken for a session that ended behind the user's back.
    onMutate: () => realtime().disconnect(),
    mutationFn: () => apiRequest("DELETE", "/api/user"),
    onSuccess: () => {
      window.location.href = "/";
    },
    onError: (error) => {
      realtime().connect();
      toast({
        title: "Error",
        // The server's reason ("The last admin cannot be deleted…"), which trying again cannot change.
        description: errorMessage(error, "Failed to delete your account. Please try again."),
        variant: "destructive",
      });
    },
  });

  const update = <K extends keyof Settings>(section: K, patch: Partial<Settings[K]>) =>
    setDraft((d) => (d ? { ...d, [section]: { ...d[section], ...patch } } : d));
  const zoneKnown = draft ? isKnownTimeZone(draft.preferences.timezone.trim()) : true;
  const setPush = (on: boolean) => {
    update("notifications", { push: on });
    // Asked on the click that turns it on: browsers only ask in answer to one.
    if (on && browserNotificationState() === "default")
      void requestBrowserNotifications().then(setPermission);
  };

  return (
    <div>
      <PageHeader
        title="Settings"
        description="Manage your account, notifications and preferences."
        actions={
          <>
            <TierBadge tier={user?.subscriptionTier} />
            <Button
              onClick={() =>
                draft &&
                save.mutate({
                  ...draft,
                  preferences: { ...draft.preferences, timezone: draft.preferences.timezone.trim() },
                })
              }
              disabled={!draft || save.isPending || !zoneKnown}
              // While saving it keeps the focus, rather than dropping it to the page (review 23).
              focusableWhenDisabled
            >
              <Save aria-hidden="true" />
              {save.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </>
        }
      />
      {!draft ? (
        <div className="grid gap-4">
          <Skeleton className="h-10 w-96" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <Tabs value={tab} onValueChange={(v) => setTab(v)}>
          <TabsList>
            <TabsTrigger value="profile">Profile</TabsTrigger>
            <TabsTrigger value="notifications">Notifications</TabsTrigger>
            <TabsTrigger value="preferences">Preferences</TabsTrigger>
            <TabsTrigger value="gaming">Gaming</TabsTrigger>
            <TabsTrigger value="security">Security</TabsTrigger>
          </TabsList>

          <TabsContent value="profile" className="grid gap-4">
            <Section title="Profile" description="Your account details.">
              <div className="grid gap-4 sm:grid-cols-2">
                {user && <NameFields key={user.id} user={user} />}
                <div className="grid gap-2 sm:col-span-2">
                  <Label htmlFor="email">Email</Label>
                  <Input id="email" type="email" value={user?.email ?? ""} readOnly />
                </div>
              </div>
            </Section>
            <Section title="Your activity">
              <dl className="grid grid-cols-3 gap-4 text-center">
                {[
                  ["Tracked games", stats?.trackedGames],
                  ["Reports generated", stats?.reportsGenerated],
                  ["Days active", stats?.daysActive],
                ].map(([label, value]) => (
                  // Term first for screen readers; the figure is shown above it.
                  <div key={label as string} className="flex flex-col-reverse rounded-lg bg-muted p-4">
                    <dt className="text-muted-foreground text-sm">{label}</dt>
                    <dd className="font-bold text-2xl">{value ?? "–"}</dd>
                  </div>
                ))}
              </dl>
            </Section>
            <PlanSection user={user} />
          </TabsContent>

          <TabsContent value="notifications">
            <Section
              title="Notifications"
              description="About the games on your watchlist, shown under the bell at the top of every screen as they happen."
            >
              <div className="divide-y divide-border">
                {NOTIFICATION_SWITCHES.slice(0, 2).map(({ key, ...row }) => (
                  <SwitchRow
                    key={key}
                    {...row}
                    checked={draft.notifications[key]}
                    onChange={(v) => update("notifications", { [key]: v })}
                  />
                ))}
                <SwitchRow
                  id="n-push"
                  label="Push notifications"
                  description="Also shows each one as a notification from this browser while Gaming Intelligence is open in a tab, in the background too. Nothing arrives while it is closed: this server has no push service."
                  checked={draft.notifications.push}
                  onChange={setPush}
                  note={draft.notifications.push ? PERMISSION_NOTES[permission] : undefined}
                />
                {NOTIFICATION_SWITCHES.slice(2).map(({ key, ...row }) => (
                  <SwitchRow
                    key={key}
                    {...row}
                    checked={draft.notifications[key]}
                    onChange={(v) => update("notifications", { [key]: v })}
                  />
                ))}
              </div>
            </Section>
          </TabsContent>

          <TabsContent value="preferences">
            <Section title="Preferences">
              <div className="grid items-start gap-5 sm:grid-cols-3">
                <div className="grid gap-2">
                  <Label htmlFor="theme">Theme</Label>
                  <Select
                    value={draft.preferences.theme}
                    onValueChange={(v) =>
                      update("preferences", { theme: v as Settings["preferences"]["theme"] })
                    }
                  >
                    <SelectTrigger id="theme" aria-label="Theme">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {THEMES.map((t) => (
                        <SelectItem key={t} value={t}>
                          {t === "auto" ? "Auto (system)" : t === "dark" ? "Dark" : "Light"}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="language">Language</Label>
                  <Select
                    value={draft.preferences.language}
                    onValueChange={(v) =>
                      update("preferences", { language: v as Settings["preferences"]["language"] })
                    }
                  >
                    <SelectTrigger id="language" aria-label="Language">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {LANGUAGES.map((l) => (
                        <SelectItem key={l} value={l}>
                          {LANGUAGE_NAMES[l]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <p className="text-muted-foreground text-sm">
                    Formats dates and times your language's way; the interface, its figures and the texts the
                    server writes are in English.
                  </p>
                </div>
                <div className="grid gap-2">
                  <Label htmlFor="refresh">Data refresh interval</Label>
                  <Select
                    value={String(draft.preferences.dataRefreshInterval)}
                    onValueChange={(v) =>
                      update("preferences", {
                        dataRefreshInterval: Number(v) as Settings["preferences"]["dataRefreshInterval"],
                      })
                    }
                  >
                    <SelectTrigger id="refresh" aria-label="Data refresh interval">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {REFRESH_INTERVALS.map((s) => (
                        <SelectItem key={s} value={String(s)}>
                          {INTERVAL_NAMES[s]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <p className="text-muted-foreground text-sm">
                    How often the live figures (overview, trending, your watchlist, platforms) are fetched
                    again, besides what the live connection brings.
                  </p>
                </div>
                <TimeZoneField
                  value={draft.preferences.timezone}
                  onChange={(timezone) => update("preferences", { timezone })}
                />
                <div className="grid gap-2 sm:col-span-2">
                  <span className="font-medium text-sm">Example</span>
                  <p className="text-sm" data-testid="format-preview">
                    {zoneKnown
                      ? `A report generated now: ${formatDateTimeIn(Date.now(), formatLocaleOf(draft.preferences))}`
                      : "–"}
                  </p>
                </div>
              </div>
            </Section>
          </TabsContent>

          <TabsContent value="gaming" className="grid gap-4">
            <Section
              title="Platforms"
              description="Your stores. Dashboard → Multi-Platform shows their free games (every store's on request) and marks them in its platform status. Free offers are listed for Steam, Epic Games and GOG only."
            >
              <ToggleGrid
                idPrefix="p"
                values={PLATFORMS}
                names={PLATFORM_NAMES}
                selected={draft.gaming.platforms}
                onChange={(platforms) => update("gaming", { platforms })}
                className="grid grid-cols-2 gap-3 sm:grid-cols-3"
              />
            </Section>
            <Section
              title="Favourite genres"
              description="AI Analytics' recommendations favour games of these genres, and name them in their basis."
            >
              <ToggleGrid
                idPrefix="g"
                values={GENRES}
                names={GENRE_NAMES}
                selected={draft.gaming.favoriteGenres}
                onChange={(favoriteGenres) => update("gaming", { favoriteGenres })}
                className="grid grid-cols-2 gap-3 sm:grid-cols-4"
              />
              <div className="mt-4 border-border border-t">
                <SwitchRow
                  id="tracking"
                  label="Game tracking"
                  unavailable="It is linked to no store account, so it has no play time or last-played dates to track for your watchlist."
                  checked={draft.gaming.trackingEnabled}
                  onChange={(v) => update("gaming", { trackingEnabled: v })}
                />
              </div>
            </Section>
          </TabsContent>

          <TabsContent value="security" className="grid gap-4">
            <Section title="Privacy">
              <div className="divide-y divide-border">
                <SwitchRow
                  id="s-public"
                  label="Public profile"
                  description="On: the other signed-in users of this server can open your profile page, with your name and the games you track (never your email). Off: only you can."
                  checked={draft.privacy.profilePublic}
                  onChange={(v) => update("privacy", { profilePublic: v })}
                  note={
                    user && (
                      <Link
                        href={`/profiles/${encodeURIComponent(user.id)}`}
                        className="text-primary hover:underline"
                      >
                        Your profile page
                      </Link>
                    )
                  }
                />
                {PRIVACY_SWITCHES.map(({ key, ...row }) => (
                  <SwitchRow
                    key={key}
                    {...row}
                    checked={draft.privacy[key]}
                    onChange={(v) => update("privacy", { [key]: v })}
                  />
                ))}
              </div>
            </Section>
            <PasswordSection />
            <Card className="border-destructive/50">
              <CardHeader>
                <CardTitle className="flex items-center gap-2 text-destructive">
                  <AlertTriangle className="size-4" aria-hidden="true" /> Danger Zone
                </CardTitle>
                <CardDescription>
                  Deleting your account removes your watchlist, reports and settings for good.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <Button variant="destructive" onClick={() => setConfirmDelete(true)}>
                  Delete Account
                </Button>
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>
      )}

      <Dialog open={confirmDelete} onOpenChange={setConfirmDelete}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              This cannot be undone. Your watchlist, reports and settings will be deleted.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmDelete(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              loading={deleteAccount.isPending}
              onClick={() => deleteAccount.mutate()}
            >
              Delete Account
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
