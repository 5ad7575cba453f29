import type { Language } from '../languages.ts'

/**
 * The privacy notice a business shows until it writes its own, in each language of the booking
 * pages, naming the business (`{{business}}`). Apart from the catalogues so that only the
 * privacy page (a lazy route) and the staff's settings load it, never the booking page's first
 * load. Paragraphs are separated by a blank line, as in a notice the business writes.
 */
export const defaultPrivacyNotice: Record<Language, string> = {
  en: `{{business}} keeps the details you give when you book (your name, e-mail address, phone number, notes and answers) to run your appointments: to confirm them, remind you and tell you of changes.

Payment records are kept for as long as the business's accounts require. Your details are not sold, and are not used for marketing unless you agreed to it.

You may ask {{business}} at any time for a copy of everything kept about you, or to erase it.`,
  es: `{{business}} guarda los datos que indicas al reservar (tu nombre, correo electrónico, teléfono, notas y respuestas) para gestionar tus citas: confirmarlas, recordártelas y avisarte de cambios.

Los registros de pago se conservan mientras lo exija la contabilidad del negocio. Tus datos no se venden ni se usan para marketing salvo que lo hayas aceptado.

Puedes pedir a {{business}} en cualquier momento una copia de todo lo que guarda sobre ti, o que lo borre.`,
  de: `{{business}} speichert die Angaben, die Sie beim Buchen machen (Name, E-Mail-Adresse, Telefonnummer, Notizen und Antworten), um Ihre Termine abzuwickeln: um sie zu bestätigen, Sie zu erinnern und Ihnen Änderungen mitzuteilen.

Zahlungsbelege werden so lange aufbewahrt, wie es die Buchhaltung des Unternehmens verlangt. Ihre Angaben werden nicht verkauft und nur mit Ihrer Einwilligung für Werbung genutzt.

Sie können {{business}} jederzeit um eine Kopie aller über Sie gespeicherten Daten bitten oder deren Löschung verlangen.`,
  fr: `{{business}} conserve les informations que vous donnez en réservant (nom, adresse e-mail, téléphone, notes et réponses) pour gérer vos rendez-vous : les confirmer, vous les rappeler et vous prévenir des changements.

Les justificatifs de paiement sont conservés aussi longtemps que la comptabilité de l’entreprise l’exige. Vos données ne sont pas vendues et ne servent au marketing qu’avec votre accord.

Vous pouvez à tout moment demander à {{business}} une copie de tout ce qui est conservé sur vous, ou son effacement.`,
}

/** The notice as paragraphs: the business's text, or the default in `language` naming it. */
export function privacyNoticeParagraphs(
  notice: string | null,
  businessName: string,
  language: Language,
): string[] {
  const text = notice ?? defaultPrivacyNotice[language].replaceAll('{{business}}', businessName)
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
}
