import type { Lang } from '../db/schema.ts';

/** Envelope messages, in the language of the request. */
const MESSAGES: Record<number, Record<Lang, string>> = {
  400: { ar: 'الطلب غير صالح: تحقق من المعطيات المرسلة.', fr: 'Requête invalide : vérifiez les paramètres envoyés.' },
  404: { ar: 'المحتوى المطلوب غير موجود.', fr: 'Le contenu demandé est introuvable.' },
  405: { ar: 'هذه الطريقة غير مسموح بها على هذا العنوان.', fr: 'Méthode non autorisée sur cette adresse.' },
  422: { ar: 'بعض الحقول غير صحيحة.', fr: 'Certains champs sont invalides.' },
  429: { ar: 'محاولات كثيرة، يرجى المحاولة لاحقًا.', fr: 'Trop de tentatives, veuillez réessayer plus tard.' },
  500: { ar: 'حدث خطأ في الخادم، يرجى المحاولة لاحقًا.', fr: 'Une erreur est survenue sur le serveur, veuillez réessayer plus tard.' },
};

export function apiMessage(code: number, locale: Lang): string {
  return (MESSAGES[code] ?? MESSAGES[500]!)[locale];
}
