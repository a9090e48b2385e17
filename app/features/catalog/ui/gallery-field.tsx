import { MAX_GALLERY } from "~/features/catalog/domain/product-form";
import { IMAGE_TYPES, MAX_IMAGE_LABEL } from "~/features/catalog/domain/product-image";
import { useT } from "~/platform/i18n/i18n";
import { imageSrc } from "~/ui/image-srcset";

/** Extra photos after the cover: those there now (each can be removed) and new ones to add. */
export function GalleryField({ current, error }: { current: string[]; error?: string }) {
  const t = useT();
  return (
    <div className="sm:col-span-2">
      {current.length ? (
        <fieldset className="mb-3 min-w-0">
          <legend className="mb-1 text-sm font-medium text-stone-800">{t("ui_catalog_form_gallery_now")}</legend>
          <ul className="flex flex-wrap gap-3">
            {current.map((path, i) => (
              <li key={path} className="flex flex-col items-center gap-1">
                <img
                  src={imageSrc(path)}
                  alt={t("ui_catalog_form_gallery_alt", { number: i + 1 })}
                  width={80}
                  height={80}
                  className="h-20 w-20 rounded-lg object-contain ring-1 ring-stone-200"
                />
                <label className="flex min-h-11 items-center gap-2 text-sm text-stone-800">
                  <input type="checkbox" name="removeGallery" value={path} className="h-5 w-5 accent-red-700" />
                  {t("ui_catalog_form_gallery_remove", { number: i + 1 })}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <label htmlFor="product-gallery" className="mb-1 block text-sm font-medium text-stone-800">
        {t("ui_catalog_form_gallery", { count: MAX_GALLERY, size: MAX_IMAGE_LABEL })}
      </label>
      <input
        id="product-gallery"
        name="gallery"
        type="file"
        multiple
        accept={IMAGE_TYPES}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "product-gallery-error" : undefined}
        className="min-w-0 max-w-full text-sm"
      />
      {error ? (
        <p id="product-gallery-error" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
