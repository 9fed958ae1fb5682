// [I32] The seller's profile (docs/sellers.md): the name shown, description and shipping info the
// storefront shows on the seller's page and beside their products, and the logo and banner. The words are
// saved with "Save profile"; a logo or banner is saved as soon as it is chosen (from the phone's pictures
// or camera), and shown as the storefront will show it. The storefront shows each change at once. The
// form checks the fields with the contract's own rules before sending.
import {
  SELLER_PROFILE_LIMITS,
  type SellerProfile,
  type UpdateSellerProfileBody,
  updateSellerProfileBodySchema,
} from '@quokka/contract/api/staff-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { errorText, fieldMessage } from '../../lib/error-text';
import { useSession } from '../../lib/session';
import { SELLER_PROFILE_QUERY_KEY, sellerProfileQueryOptions } from './api/get-seller-profile';
import { saveSellerProfile } from './api/save-seller-profile';
import { uploadSellerPicture } from './api/upload-seller-picture';
import './profile.css';

type Field = keyof UpdateSellerProfileBody;

/** The form's labels, which its errors name. */
const FIELD_LABELS: Record<Field, string> = {
  name: 'Name shown',
  description: 'Description',
  shipping_info: 'Shipping info',
};

export function ProfilePage() {
  const { api } = useSession();
  const query = useQuery(sellerProfileQueryOptions(api));
  return (
    <section className="panel profile-page">
      <h1>Profile</h1>
      <p className="muted">
        What shoppers see about your shop, on its page and beside each of your products.
      </p>
      {query.error && (
        <p className="error" role="alert">
          {errorText(query.error)}
        </p>
      )}
      {query.isPending && <p className="muted">Loading…</p>}
      {query.data && (
        <>
          <ProfileForm profile={query.data} />
          <Pictures profile={query.data} />
        </>
      )}
    </section>
  );
}

function ProfileForm({ profile }: { profile: SellerProfile }) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Record<Field, string>>({
    name: profile.name,
    description: profile.description,
    shipping_info: profile.shipping_info,
  });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (body: UpdateSellerProfileBody) => saveSellerProfile(api, body),
    onSuccess: (reply) => {
      queryClient.setQueryData(SELLER_PROFILE_QUERY_KEY, reply);
      setSaved(true);
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const parsed = updateSellerProfileBodySchema.safeParse(form);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      // [I34] Each message names its field, by the form's own label ('Name shown must be 2 to 100 characters').
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= fieldMessage(field, issue.message, FIELD_LABELS[field]);
      }
      return setProblems(found);
    }
    setProblems({});
    save.mutate(form);
  }
  const described = (field: Field) =>
    problems[field]
      ? { 'aria-invalid': true, 'aria-describedby': `profile-${field}-error` }
      : { 'aria-invalid': false };
  const problem = (field: Field) =>
    problems[field] && (
      <p className="field-error" id={`profile-${field}-error`}>
        {problems[field]}
      </p>
    );
  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setSaved(false);
    setForm({ ...form, [field]: event.target.value });
  };
  return (
    <form onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="profile-name">Name shown</label>
        <input
          id="profile-name"
          value={form.name}
          maxLength={SELLER_PROFILE_LIMITS.nameMax}
          onChange={change('name')}
          {...described('name')}
        />
        {problem('name')}
      </div>
      <div className="field">
        <label htmlFor="profile-description">Description</label>
        <textarea
          id="profile-description"
          rows={5}
          value={form.description}
          maxLength={SELLER_PROFILE_LIMITS.descriptionMax}
          onChange={change('description')}
          {...described('description')}
        />
        {problem('description')}
      </div>
      <div className="field">
        <label htmlFor="profile-shipping">Shipping info</label>
        <textarea
          id="profile-shipping"
          rows={4}
          value={form.shipping_info}
          maxLength={SELLER_PROFILE_LIMITS.shippingInfoMax}
          placeholder="Where you send from, how long it takes, your returns."
          onChange={change('shipping_info')}
          {...described('shipping_info')}
        />
        {problem('shipping_info')}
      </div>
      {save.error && (
        <p className="error" role="alert">
          {errorText(save.error, FIELD_LABELS)}
        </p>
      )}
      {saved && (
        <p className="notice" role="status">
          Profile saved. The shop shows it now.
        </p>
      )}
      <button type="submit" className="button primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}

function Pictures({ profile }: { profile: SellerProfile }) {
  return (
    <div className="profile-pictures">
      <Picture which="logo" label="Logo" url={profile.logo_url} />
      <Picture which="banner" label="Banner" url={profile.banner_url} />
    </div>
  );
}

function Picture({ which, label, url }: { which: 'logo' | 'banner'; label: string; url: string }) {
  const { api } = useSession();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => uploadSellerPicture(api, which, file),
    onSuccess: (reply) => queryClient.setQueryData(SELLER_PROFILE_QUERY_KEY, reply),
  });
  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate(file);
  }
  return (
    <div className={`field profile-picture profile-${which}`}>
      <label htmlFor={`profile-${which}`}>{label}</label>
      {url ? (
        <img src={url} alt={`${label} now`} className="profile-preview" />
      ) : (
        <p className="muted small">No {label.toLowerCase()} yet.</p>
      )}
      <input
        id={`profile-${which}`}
        type="file"
        accept="image/*"
        onChange={pick}
        disabled={upload.isPending}
      />
      {upload.isPending && (
        <p className="muted small" role="status">
          Uploading…
        </p>
      )}
      {upload.isSuccess && (
        <p className="notice" role="status">
          {label} saved.
        </p>
      )}
      {upload.error && (
        <p className="error" role="alert">
          {errorText(upload.error)}
        </p>
      )}
    </div>
  );
}
