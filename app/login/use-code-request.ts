import {useState} from 'react';
import type {LoginTab} from './CodeRequest.tsx';
import {remembered, type CodeType} from './remembered.ts';

/**
 * What the code request holds (the tab, the phone, how the code comes, the email), started from what
 * this browser remembers: one state for the sign-in and the forgot-password pages, and `fields`, the
 * props CodeRequest takes for them.
 */
export function useCodeRequest() {
  const saved = remembered();
  const [tab, setTab] = useState<LoginTab>(saved.email && !saved.phone ? 'email' : 'phone');
  const [phone, setPhone] = useState(saved.phone ?? '');
  const [email, setEmail] = useState(saved.email ?? '');
  const [codeType, setCodeType] = useState<CodeType>(saved.codeType ?? 'hungup');
  return {
    tab,
    setTab,
    phone,
    email,
    codeType,
    fields: {tab, onTab: setTab, phone, onPhone: setPhone, codeType, onCodeType: setCodeType, email, onEmail: setEmail},
  };
}
