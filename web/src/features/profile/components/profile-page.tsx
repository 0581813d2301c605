import { useCallback, useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Flex, Grid, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput, Title, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconAt, IconClock, IconDeviceFloppy, IconInfoCircle, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSetAtom } from 'jotai';
import { NAME_MAX, TIER_LABELS } from '@shared/account-rules';
import { trySignIn } from '@/lib/session/session-api';
import { userAtom } from '@/lib/session/user-atom';
import type { Tier } from '@/lib/session/user';
import { PageHeader } from '@/components/page-header';
import { ProfilePictureBlock } from '@/components/profile-picture/profile-picture-block';
import { Spinner } from '@/components/spinner';
import { toast } from '@/components/toasts';
import { profileApi, type Profile } from '@/features/profile/api/profile-api';
import { useCountries } from '@/features/profile/api/get-countries';
import { useTimezones } from '@/features/profile/api/get-timezones';
import { useProfile } from '@/features/profile/api/get-profile';
import {
  browserPlace,
  countryOptions,
  formErrorsFromServer,
  initialCountry,
  initialTimezone,
  preselectedFromBrowser,
  profileFormErrors,
  timezoneOptions,
  toProfilePayload,
  type Option,
  type ProfileFormValues,
} from '@/features/profile/utils/profile-form';
import { timezoneMatches } from '@/features/profile/utils/timezone-label';
import classes from './profile-page.module.css';

const UPDATED = 'Profile updated successfully';
const NOT_UPDATED = 'Profile updatation unsuccessful';

type Loaded = { countries: Option[]; timezones: Option[]; profile: Profile };

// Where this browser says the user is; the profile preselects it for an unset country or zone.
function currentBrowserPlace() {
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    zone = undefined;
  }
  const langs = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return browserPlace(langs, zone);
}

// Select takes string values; the form keeps numbers (0 is the blank '-').
function selectData(options: Option[]) {
  return options.map((o) => ({ value: String(o.value), label: o.label }));
}

// A click in a searchable select selects its text, so typing searches afresh instead of being
// added after the chosen name (keyboard focus selects it already).
function selectText(e: React.MouseEvent<HTMLInputElement>) {
  e.currentTarget.select();
}

// The time zones found by what is typed: city, IANA name or offset ('york', 'America/New').
function timezoneFilter(zones: Map<string, Option>): OptionsFilter {
  return ({ options, search }) =>
    (options as ComboboxItem[]).filter((o) => {
      const zone = zones.get(o.value);
      return !zone || zone.value === 0 ? !search.trim() : timezoneMatches({ label: zone.label, zone: zone.zone ?? zone.label }, search);
    });
}

// An option of the time zone list: the city and offset, and the zone's IANA name under it.
function TimezoneOptionView({ option, fallback }: { option: Option | undefined; fallback: string }) {
  if (!option?.zone || option.zone === option.label) return <>{fallback}</>;
  return (
    <Stack gap={0}>
      <Text size="sm">{option.label}</Text>
      <Text size="xs" c="dimmed">
        {option.zone.replace(/_/g, ' ')}
      </Text>
    </Stack>
  );
}

export function ProfilePage() {
  const setUser = useSetAtom(userAtom);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [updating, setUpdating] = useState(false);
  const [place] = useState(currentBrowserPlace);

  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', email: '', country: 0, timezone: 0 },
    validate: (values) => profileFormErrors(values),
  });

  const fill = useCallback(
    (profile: Profile, countries: Option[], timezones: Option[]) => {
      const values: ProfileFormValues = {
        firstName: profile.firstName ?? '',
        lastName: profile.lastName ?? '',
        email: profile.email ?? '',
        country: initialCountry(profile.countryId, countries, place.region),
        timezone: initialTimezone(profile.timezoneId, timezones, place.timeZone),
      };
      form.setValues(values);
      form.resetDirty(values);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [place],
  );

  // Countries and timezones first, then the profile (spec 02 section 4). A list that failed to
  // load leaves its select empty; a profile that failed says so. The form is filled once.
  const countriesQuery = useCountries();
  const timezonesQuery = useTimezones();
  const listsSettled = !countriesQuery.isPending && !timezonesQuery.isPending;
  const profileQuery = useProfile({ enabled: listsSettled });
  const fetched = listsSettled ? profileQuery.data : undefined;
  useEffect(() => {
    if (loaded || !fetched) return;
    const countries = countryOptions(countriesQuery.data ?? []);
    const timezones = timezoneOptions(timezonesQuery.data ?? []);
    fill(fetched, countries, timezones);
    setLoaded({ countries, timezones, profile: fetched });
  }, [loaded, fetched, countriesQuery.data, timezonesQuery.data, fill]);
  const loadError = profileQuery.isError ? profileQuery.error.message || 'We could not load your profile. Please reload the page.' : null;

  const submit = form.onSubmit(async (values) => {
    if (!loaded) return;
    setUpdating(true);
    const res = await profileApi.update(toProfilePayload(values));
    if (res.result) {
      // Reload the profile into the form and the signed-in user everyone else reads.
      const [p, session] = await Promise.all([profileApi.get(), trySignIn()]);
      const profile = p.result && p.body ? p.body : (res.body ?? loaded.profile);
      fill(profile, loaded.countries, loaded.timezones);
      setLoaded({ ...loaded, profile });
      if (session.result && session.body) setUser(session.body);
      else
        setUser((u) =>
          u
            ? { ...u, firstName: profile.firstName, lastName: profile.lastName, fullName: [profile.firstName, profile.lastName].filter(Boolean).join(' '), email: profile.email, countryId: profile.countryId, timezoneId: profile.timezoneId }
            : u,
        );
      toast.success(UPDATED, 'Saved');
    } else {
      form.setErrors(formErrorsFromServer(res.errors));
      toast.warning(res.message || 'Please check the highlighted fields.', NOT_UPDATED);
    }
    setUpdating(false);
  });

  if (loadError) {
    return (
      <>
        <PageHeader title="Your Profile" subtitle="Manage your personal information" />
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="Profile unavailable">
          {loadError}
        </Alert>
      </>
    );
  }

  if (!loaded) {
    return (
      <>
        <PageHeader title="Your Profile" subtitle="Manage your personal information" />
        <Card>
          <Spinner label="Loading your profile…" />
        </Card>
      </>
    );
  }

  const tier: Tier = loaded.profile.tier;
  const zoneById = new Map(loaded.timezones.map((o) => [String(o.value), o]));
  const zoneFilter = timezoneFilter(zoneById);
  const guessed = preselectedFromBrowser(loaded.profile, loaded.countries, loaded.timezones, place);
  // Said only while the preselected values are still the ones in the form.
  const shownGuesses = [guessed.country?.value === form.values.country ? guessed.country : null, guessed.timezone?.value === form.values.timezone ? guessed.timezone : null].filter((o) => o !== null);
  const guessedText = shownGuesses.map((o) => o.label).join(' and ');
  const displayName = [loaded.profile.firstName, loaded.profile.lastName].filter(Boolean).join(' ');

  return (
    <>
      <PageHeader title="Your Profile" subtitle="Manage your personal information" />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card component="section" aria-labelledby="profile-info-title">
            <Title order={2} fz={18} id="profile-info-title">
              Profile Information
            </Title>
            <Text size="sm" c="dimmed" mt={4} mb="lg">
              This is how you appear in EyeMail and in the emails we send you.
            </Text>
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                {guessedText && (
                  <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />} title="Filled in from your browser">
                    We preselected {guessedText} from this browser&apos;s settings. Check {shownGuesses.length > 1 ? 'them' : 'it'} and save your profile.
                  </Alert>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput label="First name" autoComplete="given-name" required maxLength={NAME_MAX} {...form.getInputProps('firstName')} />
                  <TextInput label="Last name" autoComplete="family-name" maxLength={NAME_MAX} {...form.getInputProps('lastName')} />
                </SimpleGrid>
                <TextInput label="Email" type="email" autoComplete="email" required leftSection={<IconAt size={18} />} {...form.getInputProps('email')} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Select
                    label="Country"
                    required
                    searchable
                    allowDeselect={false}
                    nothingFoundMessage="No country matches"
                    leftSection={<IconWorld size={18} />}
                    data={selectData(loaded.countries)}
                    onClick={selectText}
                    value={String(form.values.country)}
                    onChange={(v) => form.setFieldValue('country', Number(v ?? 0))}
                    error={form.errors.country}
                    comboboxProps={{ shadow: 'md' }}
                  />
                  <Select
                    label="Timezone"
                    required
                    searchable
                    allowDeselect={false}
                    nothingFoundMessage="No timezone matches"
                    leftSection={<IconClock size={18} />}
                    data={selectData(loaded.timezones)}
                    filter={zoneFilter}
                    renderOption={({ option }) => <TimezoneOptionView option={zoneById.get(option.value)} fallback={option.label} />}
                    onClick={selectText}
                    value={String(form.values.timezone)}
                    onChange={(v) => form.setFieldValue('timezone', Number(v ?? 0))}
                    error={form.errors.timezone}
                    comboboxProps={{ shadow: 'md' }}
                  />
                </SimpleGrid>
                <Radio.Group label="Registration Type" description="Your plan is set when the account is created." value={tier} size="md">
                  <Group mt="xs" gap="xl">
                    <Radio value="premium" label={TIER_LABELS.premium} disabled classNames={{ radio: classes.readOnlyRadio, label: classes.readOnlyLabel }} />
                    <Radio value="express" label={TIER_LABELS.express} disabled classNames={{ radio: classes.readOnlyRadio, label: classes.readOnlyLabel }} />
                  </Group>
                </Radio.Group>
                <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm" mt="sm">
                  <Button variant="default" onClick={() => fill(loaded.profile, loaded.countries, loaded.timezones)} disabled={updating || !form.isDirty()}>
                    Discard changes
                  </Button>
                  <Button type="submit" loading={updating} leftSection={<IconDeviceFloppy size={18} />}>
                    Save changes
                  </Button>
                </Flex>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card component="section" aria-label="Profile picture">
            <ProfilePictureBlock
              name={displayName}
              currentUrl={loaded.profile.profilePictureUrl}
              onChange={(url) => setLoaded((l) => (l ? { ...l, profile: { ...l.profile, profilePictureUrl: url } } : l))}
            >
              <Stack align="center" gap={2} mb="xs">
                <Text fw={700} fz="lg">
                  {displayName}
                </Text>
                <Text size="sm" c="dimmed">
                  {loaded.profile.email}
                </Text>
                <Badge variant="light" size="lg" mt={6}>
                  {TIER_LABELS[tier]} plan
                </Badge>
              </Stack>
            </ProfilePictureBlock>
          </Card>
          <Card mt="xl" padding="lg">
            <Text fw={600}>Password and security</Text>
            <Text size="sm" c="dimmed" mt={4}>
              Change your password from your account settings.
            </Text>
            <Anchor component={Link} to="/settings" size="sm" fw={600} mt="sm" display="inline-block">
              Go to Settings
            </Anchor>
          </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}
